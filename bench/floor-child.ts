/**
 * The floor of a cold run, as a whole process: what any correct `check`
 * must do at least, in this runtime, done with factline's own pieces and
 * nothing around them. bench/floor.ts bundles it (as the CLI is bundled) and
 * times it beside rg and `factline check --no-cache`.
 *   node floor-child.mjs STAGE [--code DIR…] [--specs DIR…]
 * Stages, each doing the one before it and more:
 * - `start`: the modules below loaded, nothing read;
 * - `list`: every code file under --code listed (.rs and TS/JS), every .md under --specs;
 * - `read`: each listed file read as text;
 * - `scan`: each code file lexed as far as telling its comments from its
 *   literals needs (the TS skim with the file's tag candidates, Rust's
 *   lexer), and each spec read by the fast reader.
 * `specs` reads and parses the specs alone; `code` reads and lexes the code alone.
 * `compiled` (with `--wasm FILE`, bench/floor-comments.c compiled): every
 * code file listed and read as bytes into the module's memory, and its
 * comments found there; no string is made and no spec read.
 * `--threads 2` (read, scan, specs, code): the files are split by size
 * between the main thread and one worker thread, each reading and lexing
 * its share: what a second core buys when each thread warms its own JIT.
 * Prints one line on stderr: files, characters, and the milliseconds of each part.
 */
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { lexRust } from '../checks/scan/rust-tokens.ts';
import { Skimmer } from '../checks/scan/ts-skim.ts';
import { parseSpec } from '../reader/index.ts';

const STAGES = ['start', 'list', 'read', 'scan', 'specs', 'code', 'compiled'] as const;
type Stage = (typeof STAGES)[number];

const TS_JS = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const RUST = /\.rs$/;
/** What the gate scans for: the offsets the skim must place (in a comment or not). */
const TAG = /@(?:implements|verifies|deviates)\b/g;

function argsAfter(argv: string[], flag: string): string[] {
  const at = argv.indexOf(flag);
  if (at === -1) return [];
  const out: string[] = [];
  for (let i = at + 1; i < argv.length && !argv[i]!.startsWith('--'); i++) out.push(argv[i]!);
  return out;
}

/** Every file under `dirs` whose name `wanted` matches, by a plain walk (dot folders and node_modules passed over). */
function listUnder(dirs: string[], wanted: RegExp): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (wanted.test(entry.name)) out.push(path);
    }
  };
  for (const dir of dirs) walk(dir);
  return out;
}

/**
 * Reads each file and, with `lexing`, lexes it (TS/JS by the skim, Rust by
 * its lexer) or parses it (a spec); the characters read.
 */
function readAndLex(files: string[], lexing: boolean): number {
  const skimmer = new Skimmer();
  let read = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    read += text.length;
    if (!lexing) continue;
    if (file.endsWith('.md')) parseSpec(text, { file, doc: file });
    else if (RUST.test(file)) lexRust(text);
    else if (TS_JS.test(file)) {
      const candidates = Array.from(text.matchAll(TAG), (m) => m.index);
      skimmer.skim(text, /x$/.test(file), candidates, false);
    }
  }
  return read;
}

/** The files in two shares of about equal bytes, the largest placed first. */
function halves(files: string[]): [string[], string[]] {
  const sized = files.map((file) => ({ file, size: statSync(file).size })).sort((a, b) => b.size - a.size);
  const shares: [string[], string[]] = [[], []];
  const bytes = [0, 0];
  for (const { file, size } of sized) {
    const to = bytes[0]! <= bytes[1]! ? 0 : 1;
    shares[to].push(file);
    bytes[to]! += size;
  }
  return shares;
}

/** The run: a stage over the folders the arguments name. */
async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const stage = argv[0] as Stage;
  if (!STAGES.includes(stage)) {
    console.error(`usage: floor-child (${STAGES.join('|')}) [--code DIR…] [--specs DIR…]`);
    process.exit(2);
  }
  const began = performance.now();
  const parts: Record<string, number> = {};
  const part = <T>(name: string, work: () => T): T => {
    const t = performance.now();
    const out = work();
    parts[name] = performance.now() - t;
    return out;
  };
  let files = 0;
  /** Characters read (bytes, for `compiled`). */
  let chars = 0;
  /** `compiled`: the `@` marks found in comments. */
  let marks: number | undefined;
  if (stage === 'compiled') {
    const [wasm] = argsAfter(argv, '--wasm');
    if (wasm === undefined)
      throw new Error('compiled: --wasm FILE (bench/floor-comments.c, compiled) is needed');
    const { instance } = await WebAssembly.instantiate(readFileSync(wasm));
    const exported = instance.exports as {
      memory: WebAssembly.Memory;
      text(): number;
      capacity(): number;
      scan(length: number): number;
    };
    const into = new Uint8Array(exported.memory.buffer, exported.text(), exported.capacity());
    const code = part('list', () => listUnder(argsAfter(argv, '--code'), /\.(?:[cm]?[jt]s|[jt]sx)$/));
    files = code.length;
    let found = 0;
    part('code', () => {
      for (const file of code) {
        const fd = openSync(file, 'r');
        try {
          const length = readSync(fd, into, 0, into.length, 0);
          chars += length;
          found += exported.scan(length);
        } finally {
          closeSync(fd);
        }
      }
    });
    marks = found;
  } else if (stage !== 'start') {
    const wantCode = stage !== 'specs';
    const wantSpecs = stage !== 'code';
    const code = wantCode
      ? part('list', () => listUnder(argsAfter(argv, '--code'), /\.(?:rs|[cm]?[jt]s|[jt]sx)$/))
      : [];
    const specs = wantSpecs ? part('list specs', () => listUnder(argsAfter(argv, '--specs'), /\.md$/)) : [];
    files = code.length + specs.length;
    if (stage !== 'list') {
      const lexing = stage !== 'read';
      if (argsAfter(argv, '--threads')[0] === '2') {
        // The work split by size between this thread and one worker that loads this same file.
        const [mine, theirs] = halves([...code, ...specs]);
        const worker = new Worker(new URL(import.meta.url), { workerData: { files: theirs, lexing } });
        const theirChars = new Promise<number>((done, failed) => {
          worker.once('message', done);
          worker.once('error', failed);
        });
        chars = part('this thread', () => readAndLex(mine, lexing));
        const waited = performance.now();
        chars += await theirChars;
        parts['then waiting for the worker'] = performance.now() - waited;
      } else {
        chars = part('code', () => readAndLex(code, lexing)) + part('specs', () => readAndLex(specs, lexing));
      }
    }
  }
  const shown = Object.entries(parts).map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`);
  console.error(
    `${stage}: ${files} files, ${chars} chars${marks === undefined ? '' : `, ${marks} @ in comments`}; ${shown.map((part) => `${part}; `).join('')}all ${(performance.now() - began).toFixed(0)} ms`,
  );
}

if (isMainThread) await main();
else {
  // The second thread of `--threads 2`: its share, read and lexed, and the characters it read.
  const job = workerData as { files: string[]; lexing: boolean };
  parentPort!.postMessage(readAndLex(job.files, job.lexing));
}
