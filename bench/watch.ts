/**
 * bench/watch: how soon `check --watch` reports a saved change, beside a
 * whole `factline check` process on the same tree (warm cache) started at
 * the same moment of each round. The tree is a copy of this repository's own
 * specs, sources and tests. Each round toggles one citation in a test file
 * and waits for the watch's verdict line. Prints both medians and the ratio.
 * Run:
 *   node --import tsx bench/watch.ts [--rounds N]
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(REPO, 'bin', 'factline.js');
const args = process.argv.slice(2);
const ROUNDS = Number(args[args.indexOf('--rounds') + 1]) || 10;

function copyOfThisRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'factline-bench-watch-'));
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: REPO, encoding: 'utf8' }).split('\0');
  for (const file of files) {
    if (file === '' || file.startsWith('node_modules/')) continue;
    try {
      cpSync(join(REPO, file), join(dir, file), { recursive: true });
    } catch {
      // a file deleted in the work tree but still tracked
    }
  }
  return dir;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const root = copyOfThisRepository();
  const env = { ...process.env, NO_COLOR: '1' };
  // Warm the cache once, as a developer's tree has it.
  spawnSync(process.execPath, [BIN, 'check'], { cwd: root, env });
  const child = spawn(process.execPath, [BIN, 'check', '--watch'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let waiting: (() => void) | undefined;
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    out += d;
    waiting?.();
  });
  const next = (from: number, text: RegExp) =>
    new Promise<void>((done) => {
      const look = () => {
        if (text.test(out.slice(from))) {
          waiting = undefined;
          done();
        }
      };
      waiting = look;
      look();
    });
  await next(0, /watching /);
  const target = join(root, 'test', 'bench-watch.test.ts');
  const watchMs: number[] = [];
  const processMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const mark = out.length;
    const started = performance.now();
    writeFileSync(target, round % 2 === 0 ? '// @verifies no-such-doc#NOTHING\n' : '// nothing cited\n');
    await next(mark, /\n(OK|FAIL) /);
    watchMs.push(performance.now() - started);
    const t = performance.now();
    spawnSync(process.execPath, [BIN, 'check'], { cwd: root, env });
    processMs.push(performance.now() - t);
  }
  child.kill('SIGINT');
  rmSync(root, { recursive: true, force: true });
  const w = median(watchMs);
  const p = median(processMs);
  console.log(`tree: a copy of this repository's tracked files, ${ROUNDS} rounds`);
  console.log(
    `check --watch, save → verdict line   median ${w.toFixed(0)} ms (min ${Math.min(...watchMs).toFixed(0)}, max ${Math.max(...watchMs).toFixed(0)})`,
  );
  console.log(`factline check process, warm cache   median ${p.toFixed(0)} ms`);
  console.log(`ratio process / watch: ${(p / w).toFixed(2)}x`);
}

await main();
