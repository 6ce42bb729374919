/**
 * factline against vibevm's own record at several commits: each commit is
 * taken out of a bare vibevm git directory (the `fetch` mirror) into a
 * temporary folder (blobs the mirror lacks, large data files, are left out;
 * no spec or code is among them), `factline check --config specmap.toml` is
 * run there through bin/factline.js, and the per-class disagreement table
 * against the commit's committed specmap.json is printed
 * (bench/vibevm-compare-core.ts).
 *
 *   node --import tsx bench/vibevm-compare.ts --git DIR COMMIT...
 *   node --import tsx bench/vibevm-compare.ts DIR...        (checkouts as they stand)
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  compare,
  disagreements,
  namespaceOf,
  runFactline,
  type SpecmapJson,
  tableText,
} from './vibevm-compare-core.ts';

/** Writes every blob of COMMIT that the git directory holds under `out` (symlinks skipped). */
async function extract(git: string, commit: string, out: string): Promise<number> {
  const listing = spawnSync('git', ['-C', git, 'ls-tree', '-r', '-z', commit], { maxBuffer: 1 << 28 });
  if (listing.status !== 0) throw new Error(`git ls-tree ${commit}: ${listing.stderr}`);
  const entries = listing.stdout
    .toString('utf8')
    .split('\0')
    .filter(Boolean)
    .map((e) => {
      const [meta, path] = e.split('\t') as [string, string];
      const [mode, type, sha] = meta.split(' ') as [string, string, string];
      return { mode, type, sha, path };
    })
    .filter((e) => e.type === 'blob' && e.mode !== '120000');
  const cat = spawn('git', ['-C', git, 'cat-file', '--batch'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let buffer = Buffer.alloc(0);
  let waiting: (() => void) | undefined;
  cat.stdout.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    waiting?.();
  });
  const need = async (n: number) => {
    while (buffer.length < n) await new Promise<void>((r) => (waiting = r));
  };
  let written = 0;
  for (const e of entries) {
    cat.stdin.write(`${e.sha}\n`);
    await need(1);
    let nl = buffer.indexOf(10);
    while (nl === -1) {
      await need(buffer.length + 1);
      nl = buffer.indexOf(10);
    }
    const header = buffer.subarray(0, nl).toString();
    buffer = buffer.subarray(nl + 1);
    if (header.endsWith('missing')) continue;
    const size = Number(header.split(' ')[2]);
    await need(size + 1);
    const data = buffer.subarray(0, size);
    buffer = buffer.subarray(size + 1);
    const target = join(out, e.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, data);
    written++;
  }
  cat.stdin.end();
  return written;
}

function report(dir: string, label: string): number {
  const map = JSON.parse(readFileSync(join(dir, 'specmap.json'), 'utf8')) as SpecmapJson;
  const start = performance.now();
  const { json, exit } = runFactline(dir);
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  const c = compare(dir, map, json, exit, namespaceOf(dir));
  console.log(tableText(`${label}  (factline ${seconds}s)`, c));
  console.log('');
  return disagreements(c);
}

const args = process.argv.slice(2);
let total = 0;
if (args[0] === '--git') {
  const git = args[1]!;
  for (const commit of args.slice(2)) {
    const dir = mkdtempSync(join(tmpdir(), `vibevm-${commit.slice(0, 8)}-`));
    try {
      const files = await extract(git, commit, dir);
      const date = spawnSync('git', ['-C', git, 'show', '-s', '--format=%cs', commit])
        .stdout.toString()
        .trim();
      total += report(dir, `vibevm ${commit.slice(0, 8)} (${date}, ${files} files)`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
} else {
  for (const dir of args) total += report(dir, dir);
}
console.log(`disagreements in all (argued ones excluded): ${total}`);
