/**
 * The floor rows of bench/check.ts and bench/vibevm.ts: bench/floor-child.ts
 * bundled by esbuild into one file, as support/build-cli.ts bundles the CLI,
 * so its start costs what the CLI's would and the floor is not the price of
 * transforming TypeScript at start.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { build } from 'esbuild';

/** One floor row: the child's stage, its name in the table (the stage's when unnamed), what it does, extra arguments. */
export interface FloorRow {
  stage: string;
  name?: string;
  says: string;
  args?: string[];
}

/** The floor rows every shape times, each with what it adds to the one before. */
export const FLOOR_STAGES: readonly FloorRow[] = [
  { stage: 'start', says: 'node + the scanners loaded, nothing read' },
  { stage: 'list', says: '+ every file listed' },
  { stage: 'read', says: '+ every file read' },
  { stage: 'scan', says: '+ comments told from literals, specs parsed' },
  {
    stage: 'scan',
    name: 'scan, 2 threads',
    says: 'the same, the files split by size with one worker thread',
    args: ['--threads', '2'],
  },
];

/** Bundles the floor child into `dir`; its path. */
export async function bundleFloorChild(dir: string): Promise<string> {
  const outfile = join(dir, 'floor-child.mjs');
  await build({
    entryPoints: [join(import.meta.dirname, 'floor-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

/** The tools Debian's clang-14 and lld-14 install: the compiled floor row needs both. */
const CLANG = 'clang-14';
const WASM_LD = 'wasm-ld-14';

/**
 * The compiled floor row: bench/floor-comments.c compiled to WebAssembly in
 * `dir`, and the child's `compiled` stage given it; or why not (the row is
 * then skipped with that note).
 */
export function compileFloorScanner(dir: string): FloorRow | { skipped: string } {
  const wasm = join(dir, 'floor-comments.wasm');
  const linker = spawnSync('sh', ['-c', `command -v ${WASM_LD}`], { encoding: 'utf8' }).stdout.trim();
  const made = spawnSync(
    CLANG,
    [
      '--target=wasm32',
      '-O2',
      '-nostdlib',
      `-fuse-ld=${linker || WASM_LD}`,
      '-Wl,--no-entry',
      '-Wl,--export-dynamic',
      // Room for the 64 MiB text buffer and the stack.
      '-Wl,--initial-memory=134217728',
      '-o',
      wasm,
      join(import.meta.dirname, 'floor-comments.c'),
    ],
    { encoding: 'utf8' },
  );
  if (made.error !== undefined || made.status !== 0)
    return {
      skipped: `the compiled floor needs ${CLANG} and ${WASM_LD} (apt-get install -y clang-14 lld-14): ${made.error?.message ?? made.stderr.trim()}`,
    };
  return {
    stage: 'compiled',
    says: 'listed, read as bytes, comments found by compiled code',
    args: ['--wasm', wasm],
  };
}
