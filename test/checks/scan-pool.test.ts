/**
 * The scanning worker pool (off by default, opt-in with `workers`) must give
 * exactly the in-thread result: same citations, symbols, tests and findings,
 * with and without the content-hash cache, from a real worker thread.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../cli/config.ts';
import { runGate } from '../../cli/run-gate.ts';
import { startScanPool } from '../../cli/scan-pool.ts';
import { copyFixture } from './helpers.ts';

const quietIO = (cwd: string) => ({ cwd, env: {}, stdout: process.stdout, stderr: process.stderr });

describe('scan worker pool', () => {
  // @verifies factline#GATE-SCAN-COMMENTS-ONLY
  it('runGate with a worker pool gives the in-thread trace, cached or not', async () => {
    const root = copyFixture('clean');
    // A tag in a string must stay a non-citation in the worker too.
    writeFileSync(
      join(root, 'src', 'extra.ts'),
      'const s = "@implements nothing#HERE";\n// @implements UNKNOWN-THING\nexport function extra() { return s; }\n',
    );
    const config = loadConfig(root);
    const inThread = await runGate(quietIO(root), config, { workers: 0 });
    const pooled = await runGate(quietIO(root), config, { workers: 1 });
    expect(JSON.stringify(pooled.result)).toBe(JSON.stringify(inThread.result));
    expect(inThread.result.citations.length).toBeGreaterThan(0);
    expect(inThread.result.findings.some((f) => f.rule === 'unknown-fact' && f.file === 'src/extra.ts')).toBe(
      true,
    );
    // First cached run fills the cache in the worker, the second reuses it.
    const fill = await runGate(quietIO(root), config, { workers: 1, cache: true });
    const reuse = await runGate(quietIO(root), config, { workers: 1, cache: true });
    expect(JSON.stringify(fill.result)).toBe(JSON.stringify(inThread.result));
    expect(JSON.stringify(reuse.result)).toBe(JSON.stringify(inThread.result));
  });

  // @verifies factline#GATE-SCAN-COMMENTS-ONLY
  it('a started worker scans its chunks of a larger tree and every file comes back in order', async () => {
    const root = copyFixture('clean');
    const jobs = [];
    for (let i = 0; i < 450; i++) {
      writeFileSync(join(root, 'src', `gen${i}.ts`), `// @implements X-${i}\nexport const v${i} = ${i};\n`);
      jobs.push({ file: `src/gen${i}.ts`, inTest: false, hash: false });
    }
    jobs.push({ file: 'src/missing.ts', inTest: false, hash: false });
    const pool = startScanPool(root, 1);
    // Give the worker time to start so it takes chunks alongside this thread.
    await new Promise((r) => setTimeout(r, 1500));
    const { outcomes } = await pool.run(jobs);
    expect(outcomes.map((o) => o.file)).toEqual(jobs.map((j) => j.file));
    expect(outcomes.at(-1)!.kind).toBe('gone');
    const first = outcomes[7]!;
    expect(first.kind === 'scanned' && first.citations[0]!.id).toBe('X-7');
    expect(first.kind === 'scanned' && first.citations[0]!.symbol).toBe('const v7');
  });
});
