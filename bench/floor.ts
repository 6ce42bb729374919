/**
 * The floor rows of bench/check.ts and bench/vibevm.ts: bench/floor-child.ts
 * bundled by esbuild into one file, as support/build-cli.ts bundles the CLI,
 * so its start costs what the CLI's would and the floor is not the price of
 * transforming TypeScript at start.
 */
import { join } from 'node:path';
import { build } from 'esbuild';

/** The floor stages a row times, each with what it adds to the one before. */
export const FLOOR_STAGES = [
  { stage: 'start', says: 'node + the scanners loaded, nothing read' },
  { stage: 'list', says: '+ every file listed' },
  { stage: 'read', says: '+ every file read' },
  { stage: 'scan', says: '+ comments told from literals, specs parsed' },
] as const;

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
