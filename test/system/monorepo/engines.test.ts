/**
 * examples/monorepo (22 packages) through the real engines from the npm
 * registry, Turborepo and Nx, each with its local cache and the file-system
 * "remote" cache: cold, fully cached, one package's spec changed, and a
 * fresh machine with the remote cache only. Each time the merge of the
 * shards the engine ran or restored equals one `factline check` over the
 * tree, and after the spec change exactly the shards reading that spec ran
 * again. The wall times print as one table (docs/monorepos.md records them;
 * bench/monorepo.ts measures them apart from the test).
 *
 * The engines are the example's own dev dependencies (`npm ci` in
 * examples/monorepo, which .ci/run does); without them the test skips, saying so.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  copyExample,
  dropLocalState,
  type Engine,
  type EngineRun,
  engineEnv,
  installedEngines,
  mergedAndSingle,
  packagesOf,
  readersOf,
  runEngine,
  startFsCache,
} from '../../../support/monorepo-engines.ts';
import { tempDir } from '../../support/temp.ts';

const engines = installedEngines();
if (!engines) console.warn('examples/monorepo: turbo and nx are not installed (run `npm ci` there); skipped');

const SPEC = 'packages/pkg-01/specs/pkg-01.md';
const timings: string[] = [];

afterAll(() => {
  if (timings.length > 0) console.log(`monorepo engines (22 packages), wall ms:\n${timings.join('\n')}`);
});

async function sameVerdict(root: string, env: NodeJS.ProcessEnv, expected: number): Promise<void> {
  const { merged, single } = await mergedAndSingle(root, env);
  expect(single.code, single.stderr).toBe(expected);
  expect(merged.stderr).toBe('');
  expect(merged.code).toBe(single.code);
  expect(merged.stdout).toBe(single.stdout);
}

/** One engine over a copy of the example: cold, fully cached, one spec changed, the remote cache alone. */
async function reruns(engine: Engine): Promise<void> {
  const root = join(tempDir(`monorepo-${engine}`), 'repo');
  copyExample(root);
  const env = engineEnv();
  const all = packagesOf(root);
  expect(all.length).toBeGreaterThanOrEqual(20);
  const cache = await startFsCache(root);
  try {
    const runs: [string, EngineRun][] = [];
    // Cold: every shard runs, and lands in the remote cache too.
    const cold = await runEngine(engine, root, env, cache.url);
    runs.push(['cold', cold]);
    expect(cold.ran).toEqual(all);
    await sameVerdict(root, env, 0);
    // Fully cached: nothing runs.
    const cached = await runEngine(engine, root, env, cache.url);
    runs.push(['cached', cached]);
    expect(cached.ran).toEqual([]);
    expect(cached.local).toEqual(all);
    await sameVerdict(root, env, 0);
    // One spec reworded: its package and the packages citing it run again, no other; their pins go stale.
    const text = readFileSync(join(root, SPEC), 'utf8');
    writeFileSync(join(root, SPEC), text.replace('is stable within a major version', 'never changes'));
    const readers = await readersOf(root, SPEC, env);
    expect(readers.length).toBeGreaterThan(1);
    const changed = await runEngine(engine, root, env, cache.url);
    runs.push(['one spec changed', changed]);
    expect(changed.ran).toEqual(readers);
    expect(changed.local).toEqual(all.filter((name) => !readers.includes(name)));
    await sameVerdict(root, env, 1);
    // A fresh machine: no local cache, no shard files; everything comes from the remote cache.
    dropLocalState(root);
    const remote = await runEngine(engine, root, env, cache.url);
    runs.push(['remote only', remote]);
    expect(remote.remote).toEqual(all);
    await sameVerdict(root, env, 1);
    const summary = runs
      .map(
        ([name, r]) =>
          `${name} ${Math.round(r.ms)} (ran ${r.ran.length}, local ${r.local.length}, remote ${r.remote.length})`,
      )
      .join(' · ');
    timings.push(`  ${engine}: ${summary}`);
  } finally {
    await cache.stop();
  }
}

// A literal title for each engine (not describe.each's `%s`): the gate joins a citation to the test the results name.
describe.skipIf(!engines)('examples/monorepo through turbo and nx', () => {
  // @verifies monorepo#ENGINES-CACHE-NEVER-CHANGES-A-VERDICT
  // @verifies monorepo#EXAMPLE-MONOREPO-ON-TWO-ENGINES
  it(
    'turbo reruns exactly the shards a change reaches, and merges to the full run every time',
    () => reruns('turbo'),
    600_000,
  );
  // @verifies monorepo#ENGINES-CACHE-NEVER-CHANGES-A-VERDICT
  // @verifies monorepo#EXAMPLE-MONOREPO-ON-TWO-ENGINES
  it(
    'nx reruns exactly the shards a change reaches, and merges to the full run every time',
    () => reruns('nx'),
    600_000,
  );
});
