/**
 * examples/monorepo through Turborepo and Nx: the wall time of a cold run, a
 * fully cached one, one after a spec change, and one with only the remote
 * cache, beside one `factline check` over the same tree, each as a ratio to
 * that single run. Needs `npm ci` in examples/monorepo.
 *
 *   node --import tsx bench/monorepo.ts [turbo|nx]…
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BIN,
  copyExample,
  dropLocalState,
  type Engine,
  engineEnv,
  installedEngines,
  runEngine,
  startFsCache,
} from '../support/monorepo-engines.ts';

if (!installedEngines()) {
  console.error('bench/monorepo: run `npm ci` in examples/monorepo first');
  process.exit(2);
}
const engines = (process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['turbo', 'nx']) as Engine[];
const rows: string[][] = [['engine', 'single check', 'cold', 'cached', 'one spec changed', 'remote only']];
for (const engine of engines) {
  const dir = mkdtempSync(join(tmpdir(), 'factline-bench-monorepo-'));
  const root = join(dir, 'repo');
  try {
    copyExample(root);
    const env = engineEnv();
    const start = performance.now();
    spawnSync(process.execPath, [BIN, 'check', '--no-cache'], { cwd: root, env });
    const single = performance.now() - start;
    const cache = await startFsCache(root);
    try {
      const cold = await runEngine(engine, root, env, cache.url);
      const cached = await runEngine(engine, root, env, cache.url);
      const spec = join(root, 'packages/pkg-01/specs/pkg-01.md');
      writeFileSync(
        spec,
        readFileSync(spec, 'utf8').replace('is stable within a major version', 'never changes'),
      );
      const changed = await runEngine(engine, root, env, cache.url);
      dropLocalState(root);
      const remote = await runEngine(engine, root, env, cache.url);
      const cell = (ms: number) => `${Math.round(ms)} ms (${(ms / single).toFixed(1)}×)`;
      rows.push([
        engine,
        `${Math.round(single)} ms`,
        ...[cold, cached, changed, remote].map((r) => cell(r.ms)),
      ]);
    } finally {
      await cache.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const row of rows) console.log(row.map((c, i) => c.padEnd(widths[i]!)).join('  '));
