/**
 * The whole warm `factline check` process: what it loads. Real child
 * processes of bin/factline.js, with every module they load logged by
 * fixtures/module-log.mjs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../support/cli.ts';
import { tempDir } from '../support/temp.ts';

const MODULE_LOG = join(import.meta.dirname, 'fixtures', 'module-log.mjs');

/** A green project: one fact, implemented and verified. */
function project(): string {
  const dir = tempDir('warm-process');
  const files: Record<string, string> = {
    'factline.config.json': JSON.stringify({
      specs: ['specs/**/*.md'],
      sources: ['src/**/*.ts'],
      tests: ['test/**/*.ts'],
    }),
    'specs/app.md': '# App\n\n@fact:PING Ping answers. @status:impl/done\n',
    'src/ping.ts': '// @implements app#PING\nexport const ping = () => "pong";\n',
    'test/ping.test.ts': "it('pings', () => {\n  // @verifies app#PING\n});\n",
    'results/junit.xml':
      '<testsuites><testsuite name="t"><testcase name="pings"/></testsuite></testsuites>\n',
    'specmap.toml': 'root_spec_docs = ["specs/app.md"]\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Runs `factline ARGS` in `dir`; the packages (node_modules folder names) the process loaded. */
function packagesLoaded(dir: string, args: string[]): { code: number | null; packages: Set<string> } {
  const log = join(dir, `modules-${args.join('_').replace(/\W/g, '')}.log`);
  const run = spawnSync(process.execPath, ['--import', MODULE_LOG, BIN, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, FACTLINE_MODULE_LOG: log, NO_COLOR: '1' },
  });
  const urls = readFileSync(log, 'utf8').split('\n');
  const packages = new Set(urls.map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? ''));
  return { code: run.status, packages };
}

describe('what a check process loads', () => {
  // @verifies speed-warm#LOADS-ONLY-WHAT-RUNS
  it('a check without results files loads neither the XML nor the TOML parser; a run that reads such a file loads it', () => {
    const dir = project();
    packagesLoaded(dir, ['check']); // fills the caches
    const warm = packagesLoaded(dir, ['check']);
    expect(warm.code).toBe(0);
    expect(warm.packages).not.toContain('fast-xml-parser');
    expect(warm.packages).not.toContain('smol-toml');
    expect(warm.packages).toContain('picomatch'); // the log sees packages at all
    const withResults = packagesLoaded(dir, ['check', '--results', 'results/junit.xml']);
    expect(withResults.packages).toContain('fast-xml-parser');
    const withSpecmap = packagesLoaded(dir, ['check', '--config', 'specmap.toml']);
    expect(withSpecmap.packages).toContain('smol-toml');
  }, 60_000);
});
