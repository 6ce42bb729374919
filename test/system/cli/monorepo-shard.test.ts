/**
 * `factline check --shard` and `factline merge` through bin/factline.js on a
 * small monorepo: package `a` owns spec a, package `b` owns spec b and cites
 * into a (one good citation, one wrong id, one stale pin); b's test fails.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceResult } from '../../../checks/model.ts';
import type { ShardFile } from '../../../checks/shard.ts';
import { runFactlineSync } from '../../support/cli.ts';
import { git } from '../../support/git-project.ts';
import { tempDir, writeFiles } from '../../support/temp.ts';

const FAILED = '<failure message="boom"/>';

function monorepo(bFails = true): string {
  const root = tempDir('shard');
  // A git work tree, as a monorepo is: a package's folder finds the config at its top.
  git(root, 'init', '-q');
  writeFiles(root, {
    'factline.config.json': JSON.stringify({
      specsRoot: '.',
      specs: ['packages/*/specs/**/*.md'],
      sources: ['packages/*/src/**/*.ts'],
      tests: ['packages/*/test/**/*.ts'],
      results: ['packages/a/results.xml', 'packages/b/results.xml'],
    }),
    'packages/a/package.json': '{"name":"a"}',
    'packages/a/specs/a.md':
      '# a\n\n@fact:A1 Alpha one holds. @status:impl/done\n\n@fact:A2 Alpha two holds. @status:impl/done\n',
    'packages/a/src/a.ts': '// @implements a#A1\nexport const a = 1;\n',
    'packages/a/test/a.test.ts': "// @verifies a#A1\n// @verifies a#A2\nit('a', () => {});\n",
    'packages/a/results.xml': junit('a', 'packages/a/test/a.test.ts', ''),
    'packages/b/package.json': '{"name":"b"}',
    'packages/b/specs/b.md': '# b\n\n@fact:B1 Beta one holds. @status:impl/done\n',
    'packages/b/src/b.ts':
      '// @implements a#A2\n// @implements a#NOPE\n// @implements a#A1~00000000\n// @implements b#B1\nexport const b = 1;\n',
    'packages/b/test/b.test.ts': "// @verifies b#B1\nit('b', () => {});\n",
    'packages/b/results.xml': junit('b', 'packages/b/test/b.test.ts', bFails ? FAILED : ''),
    'packages/c/package.json': '{"name":"c"}',
    'packages/c/specs/c.md': '# c\n\n@fact:C1 Gamma one holds. @status:impl/work\n',
  });
  return root;
}

function junit(name: string, file: string, inner: string): string {
  return `<testsuites><testsuite name="${name}"><testcase classname="${name}" name="${name}" file="${file}">${inner}</testcase></testsuite></testsuites>\n`;
}

function shard(root: string, folder: string): ShardFile {
  const run = runFactlineSync(root, ['check', '--json', '--shard', folder]);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as ShardFile;
}

function shardsTo(root: string, folders = ['packages/a', 'packages/b', 'packages/c']): string[] {
  return folders.map((folder) => {
    const file = `${folder.replaceAll('/', '-')}.json`;
    writeFileSync(join(root, file), JSON.stringify(shard(root, folder)));
    return file;
  });
}

describe('check --shard', () => {
  // @verifies monorepo#SHARD-CARRIES-ITS-PACKAGE
  it('carries what the gate read under its folder, and nothing of another package but the specs it cites', () => {
    const root = monorepo();
    const b = shard(root, 'packages/b');
    expect(b.shard).toBe('packages/b');
    expect(b.factline).toBe(
      JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')).version,
    );
    expect(b.inputs).toEqual({
      specs: ['packages/b/specs/b.md'],
      files: ['packages/b/src/b.ts', 'packages/b/test/b.test.ts'],
      results: ['packages/b/results.xml'],
      cited: ['packages/a/specs/a.md'],
    });
    expect(b.carry.documents.map((d) => d.file)).toEqual(['packages/b/specs/b.md']);
    expect(b.carry.scanned.map((f) => f.file)).toEqual(['packages/b/src/b.ts', 'packages/b/test/b.test.ts']);
    expect(b.carry.outcomes?.sources).toEqual(['packages/b/results.xml']);
    expect(b.carry.outcomes?.outcomes.map((o) => o.status)).toEqual(['failed']);
    // From the root too: the folder is relative to where the command runs.
    const fromInside = runFactlineSync(join(root, 'packages/b'), ['check', '--json', '--shard', '.']);
    expect(fromInside.code, fromInside.stderr).toBe(0);
    expect((JSON.parse(fromInside.stdout) as ShardFile).inputs).toEqual(b.inputs);
    // --out: the same JSON in a file, its folder made, nothing on stdout.
    const out = runFactlineSync(join(root, 'packages/b'), [
      'check',
      '--json',
      '--shard',
      '.',
      '--out',
      '.factline/shard.json',
    ]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toBe('');
    expect(readFileSync(join(root, 'packages/b/.factline/shard.json'), 'utf8')).toBe(fromInside.stdout);
  });

  // @verifies monorepo#SHARD-RESOLVES-CROSS-PACKAGE-CITATIONS
  it("judges its citations into another package's spec against that spec, and leaves that package's facts out", () => {
    const root = monorepo();
    const { result } = shard(root, 'packages/b');
    const at = (line: number) =>
      result.findings.filter((f) => f.file === 'packages/b/src/b.ts' && f.line === line);
    expect(at(2).map((f) => f.rule)).toEqual(['unknown-fact']);
    expect(at(3).map((f) => f.rule)).toEqual(['stale-citation']);
    expect(result.citations.find((c) => c.line === 1 && c.file === 'packages/b/src/b.ts')?.resolved).toBe(
      'packages/a/specs/a#A2',
    );
    expect(result.facts.map((f) => f.address)).toEqual(['packages/b/specs/b#B1']);
    expect(result.findings.filter((f) => f.file.startsWith('packages/a/'))).toEqual([]);
  });

  // @verifies monorepo#SHARD-EXITS-ZERO-ON-FINDINGS
  it('exits 0 with findings, and refuses what a shard cannot be asked', () => {
    const root = monorepo();
    const b = runFactlineSync(root, ['check', '--json', '--shard', 'packages/b']);
    expect(b.code).toBe(0);
    expect((JSON.parse(b.stdout) as ShardFile).result.summary.findings.error).toBeGreaterThan(0);
    const refused = (args: string[], says: RegExp) => {
      const run = runFactlineSync(root, ['check', ...args]);
      expect(run.code, run.stdout).toBe(2);
      expect(run.stderr).toMatch(says);
    };
    refused(['--shard', 'packages/b'], /add --json/);
    refused(['--json', '--shard', 'packages/b', '--sarif', 'x.sarif'], /factline merge --sarif FILE/);
    refused(['--json', '--shard', 'packages/b', '--changed'], /--shard/);
    refused(['--json', '--shard', 'packages/nope'], /--shard packages\/nope: no such folder/);
    refused(['--json', '--shard', '..'], /outside the project root/);
    refused(['--inputs'], /add `--shard PATH`/);
    refused(['--json', '--out', 'x.json'], /--out writes a shard file/);
  });

  // @verifies monorepo#SHARD-INPUTS-LISTED
  it('lists its inputs one a line, and as JSON', () => {
    const root = monorepo();
    const lines = runFactlineSync(root, ['check', '--shard', 'packages/b', '--inputs']);
    expect(lines.code, lines.stderr).toBe(0);
    expect(lines.stdout).toBe(
      [
        'factline.config.json',
        'packages/b/specs/b.md',
        'packages/b/src/b.ts',
        'packages/b/test/b.test.ts',
        'packages/b/results.xml',
        'packages/a/specs/a.md',
        '',
      ].join('\n'),
    );
    const a = runFactlineSync(root, ['check', '--shard', 'packages/a', '--inputs', '--json']);
    const json = JSON.parse(a.stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ shard: 'packages/a', config: 'factline.config.json', cited: [] });
    expect(typeof json.factline).toBe('string');
  });
});

describe('factline merge', () => {
  // @verifies monorepo#MERGE-WRITES-EVERY-REPORT
  it('prints and writes what one check over the tree prints and writes', () => {
    const root = monorepo();
    const files = shardsTo(root);
    const reports = (p: string) => [
      '--sarif',
      `${p}.sarif`,
      '--junit',
      `${p}.xml`,
      '--summary',
      `${p}.md`,
      '--html',
      `${p}.html`,
    ];
    const single = runFactlineSync(root, ['check', ...reports('single')]);
    const merged = runFactlineSync(root, ['merge', ...files, ...reports('merged'), '--matrix', 'merged.csv']);
    expect(merged.code).toBe(1);
    expect(single.code).toBe(1);
    expect(merged.stdout).toBe(single.stdout);
    expect(merged.stdout).toMatch(/verification-failed/);
    for (const ext of ['sarif', 'xml', 'md'])
      expect(readFileSync(join(root, `merged.${ext}`), 'utf8')).toBe(
        readFileSync(join(root, `single.${ext}`), 'utf8'),
      );
    const page = (file: string) => readFileSync(join(root, file), 'utf8');
    expect(page('merged.html')).toBe(page('single.html'));
    expect(existsSync(join(root, 'merged.csv'))).toBe(true);
    const json = runFactlineSync(root, ['merge', '--json', ...files]);
    const result = JSON.parse(json.stdout) as TraceResult;
    // A2 is implemented in b and verified in a: only the merge sees both.
    expect(result.facts.find((f) => f.address === 'packages/a/specs/a#A2')?.state).toBe('verified');
    // Clean once b's test passes.
    const green = monorepo(false);
    writeFileSync(
      join(green, 'packages/b/src/b.ts'),
      '// @implements a#A2\n// @implements b#B1\nexport const b = 1;\n',
    );
    const clean = runFactlineSync(green, ['merge', ...shardsTo(green)]);
    expect(clean.code, clean.stdout).toBe(0);
  });

  // @verifies monorepo#MERGE-ACROSS-CHECKOUTS
  it('joins the test outcomes of a shard judged in another checkout, its runner writing absolute paths', () => {
    const root = monorepo();
    const [a, b, c] = shardsTo(root) as [string, string, string];
    const here = runFactlineSync(root, ['merge', '--json', a, b, c]);
    // The same shard of b, as a machine with the checkout at /ci/elsewhere wrote it.
    const moved = JSON.parse(readFileSync(join(root, b), 'utf8')) as ShardFile;
    const outcomes = moved.carry.outcomes!;
    outcomes.root = '/ci/elsewhere';
    for (const o of outcomes.outcomes) o.file = `/ci/elsewhere/${o.file}`;
    writeFileSync(join(root, 'moved.json'), JSON.stringify(moved));
    const there = runFactlineSync(root, ['merge', '--json', a, 'moved.json', c]);
    expect(there.stdout).toBe(here.stdout);
    expect(there.code).toBe(here.code);
    expect(there.stdout).toMatch(/verification-failed/);
  });

  // @verifies monorepo#SHARD-OWN-RESULTS
  it('merges shards each given its own results, as one check given them all', () => {
    const root = monorepo();
    const config = JSON.parse(readFileSync(join(root, 'factline.config.json'), 'utf8'));
    writeFileSync(join(root, 'factline.config.json'), JSON.stringify({ ...config, results: [] }));
    const files = ['a', 'b', 'c'].map((p) => {
      const pkg = join(root, 'packages', p);
      const results = p === 'c' ? [] : ['--results', 'results.xml'];
      const run = runFactlineSync(pkg, [
        'check',
        '--json',
        '--shard',
        '.',
        ...results,
        '--out',
        'shard.json',
      ]);
      expect(run.code, run.stderr).toBe(0);
      return `packages/${p}/shard.json`;
    });
    const merged = runFactlineSync(root, ['merge', '--json', files[2]!, files[1]!, files[0]!]);
    const single = runFactlineSync(root, [
      'check',
      '--json',
      '--results',
      'packages/a/results.xml',
      'packages/b/results.xml',
    ]);
    expect(merged.stderr).toBe('');
    expect(merged.stdout).toBe(single.stdout);
    expect(merged.code).toBe(1);
    expect(merged.stdout).toMatch(/verification-failed/);
  });

  // @verifies monorepo#MERGE-REFUSES-MISMATCHED-SHARDS
  it('refuses shards that do not fit together, naming them', () => {
    const root = monorepo();
    const [a, b] = shardsTo(root, ['packages/a', 'packages/b']) as [string, string];
    const refused = (files: string[], says: RegExp) => {
      const run = runFactlineSync(root, ['merge', ...files]);
      expect(run.code, run.stdout).toBe(2);
      expect(run.stderr).toMatch(says);
    };
    writeFileSync(join(root, 'other.json'), '{"facts": []}');
    refused([a, 'other.json'], /other\.json: not a shard file/);
    refused([a, 'missing.json'], /cannot read shard missing\.json/);
    const older = { ...(JSON.parse(readFileSync(join(root, b), 'utf8')) as ShardFile), factline: '0.0.1' };
    writeFileSync(join(root, 'older.json'), JSON.stringify(older));
    refused([a, 'older.json'], /older\.json was judged by factline 0\.0\.1/);
    const strict = JSON.parse(readFileSync(join(root, b), 'utf8')) as ShardFile;
    strict.settings.strict = !strict.settings.strict;
    writeFileSync(join(root, 'strict.json'), JSON.stringify(strict));
    refused([a, 'strict.json'], /strict\.json and .* different configs/);
    writeFileSync(join(root, 'all.json'), JSON.stringify(shard(root, 'packages')));
    refused([a, 'all.json'], /both read packages\/a\/specs\/a\.md: shards must not overlap/);
  });
});
