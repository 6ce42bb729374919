/**
 * The Markdown parser (remark, unified) is the heaviest module a check can
 * load; a warm check whose specs are all in the spec cache must not load it.
 * The child is the real bin/factline.js, preloaded with a hook that lists
 * every module it resolves (test/speed/fixtures/record-modules.mjs).
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSpecWithRemark } from '../../../reader/index.ts';
import { BIN, REPO } from '../../support/cli.ts';
import { tempDir } from '../../support/temp.ts';

const RECORDER = join(import.meta.dirname, 'fixtures', 'record-modules.mjs');
const STARTUP_PROBE = join(import.meta.dirname, 'fixtures', 'startup-probe.mjs');

/** `factline ARGV` as a real process (bin/factline.js), with every module URL it resolved. */
function probe(cwd: string, argv: string[]): { code: number | null; out: string; modules: string[] } {
  const log = join(tempDir('module-log'), 'modules.log');
  const run = spawnSync(process.execPath, ['--import', RECORDER, BIN, ...argv], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, FACTLINE_MODULE_LOG: log },
  });
  expect(run.stderr).toBe('');
  return {
    code: run.status,
    out: run.stdout,
    modules: readFileSync(log, 'utf8').split('\n').filter(Boolean),
  };
}

const MARKDOWN_PARSER = /\/?node_modules\/(unified|remark-parse|remark-gfm|mdast-util-from-markdown)\//;

/**
 * The loaded modules that are the Markdown parser: its own files, or a chunk
 * of the compiled CLI that bundles it (esbuild heads each bundled module with
 * a `// node_modules/…` comment, support/build-cli.ts).
 */
const markdownParser = (modules: string[]) =>
  modules.filter(
    (m) =>
      MARKDOWN_PARSER.test(m) ||
      (/\/dist\/cli-[\w-]+\.js$/.test(m) && MARKDOWN_PARSER.test(readFileSync(fileURLToPath(m), 'utf8'))),
  );

describe('the spec cache', () => {
  // @verifies reader#SPECS-WITHOUT-REMARK
  // @verifies reader#REMARK-ONLY-WHEN-A-SPEC-NEEDS-IT
  it('a warm check never loads remark or unified; a changed spec loads them again', () => {
    const root = tempDir('spec-modules');
    mkdirSync(join(root, 'specs'));
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'specs', 'app.md'), '# App\n\n@fact:PING Ping answers. @status:impl/done\n');
    writeFileSync(join(root, 'specs', 'more.md'), '# More\n\n@fact:PONG Pong answers. @status:impl/plan\n');
    writeFileSync(join(root, 'src', 'ping.py'), '# @implements app#PING\n');
    writeFileSync(
      join(root, 'factline.config.json'),
      JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.py'], tests: ['test/**/*.py'] }),
    );
    const cold = probe(root, ['check', '--json']);
    // The fast reader reads both specs whole: a cold run does not load the parser either.
    expect(markdownParser(cold.modules)).toEqual([]);
    const warm = probe(root, ['check', '--json']);
    expect(warm.out).toBe(cold.out);
    // The recorder saw the gate's own code: the sources under tsx, or the compiled CLI's chunks.
    expect(
      warm.modules.some(
        (m) => m.endsWith('/engine/cache/scan-cache.ts') || /\/dist\/cli-[\w-]+\.js$/.test(m),
      ),
    ).toBe(true);
    expect(markdownParser(warm.modules)).toEqual([]);
    // A literal `www.` autolink after text is a unit the fast reader leaves to remark.
    appendFileSync(
      join(root, 'specs', 'more.md'),
      '\n@fact:PANG Pang answers, see www.example.com. @status:impl/plan\n',
    );
    const edited = probe(root, ['check', '--json']);
    expect(markdownParser(edited.modules)).not.toEqual([]);
    expect([JSON.parse(cold.out).summary.facts, JSON.parse(edited.out).summary.facts]).toEqual([2, 3]);
  }, 60_000);

  // @verifies cli#MARKDOWN-STACK-BUNDLED
  it('the compiled CLI parses specs without resolving a module of the Markdown stack from node_modules', () => {
    const root = tempDir('bundled-markdown');
    mkdirSync(join(root, 'specs'));
    writeFileSync(
      join(root, 'specs', 'app.md'),
      '# App\n\n| a | b |\n|---|---|\n\n@fact:PING See www.example.com. @status:impl/plan\n',
    );
    writeFileSync(join(root, 'factline.config.json'), JSON.stringify({ specs: ['specs/**/*.md'] }));
    // The build itself (npm test builds it first), whether or not the sources changed since.
    const compiled = join(REPO, 'dist', 'cli-main.js');
    expect(existsSync(compiled), 'dist/cli-main.js is missing: npm run build').toBe(true);
    const log = join(tempDir('module-log'), 'modules.log');
    const run = spawnSync(
      process.execPath,
      ['--import', RECORDER, STARTUP_PROBE, JSON.stringify(['check', '--json', '--no-cache']), compiled],
      { cwd: root, encoding: 'utf8', env: { ...process.env, FACTLINE_MODULE_LOG: log, TMPDIR: root } },
    );
    expect(run.stderr).toBe('');
    const modules = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    expect(markdownParser(modules)).not.toEqual([]); // the chunk that bundles the parser
    expect(
      modules.filter((m) => /\/node_modules\/(micromark|mdast-|remark-|unified|unist-|vfile)/.test(m)),
    ).toEqual([]);
    const out = JSON.parse(JSON.parse(run.stdout).out) as { facts: { id: string }[] };
    expect(out.facts.map((f) => f.id)).toEqual(['PING']);
  }, 60_000);
  // @verifies reader#FAST-READER-LITERAL-AUTOLINKS
  it('a cold check reads literal autolinks after `(`, e-mail literals and tab-indented lines without the parser', () => {
    const root = tempDir('autolink-modules');
    mkdirSync(join(root, 'specs'));
    // The forms that sent vibevm's specs to remark (issue 38).
    const spec =
      '# Links\n\n@fact:LINK-ONE Stated exactly\n(https://www.example.org/dev@example.org/m50.html — read): `x`. @status:impl/plan\n\n' +
      "@fact:LINK-TWO See (PLDI'25, https://github.com/a-b/c-d) and dev@maven.example.org, too. @status:impl/plan\n\n" +
      '@fact:LINK-THREE Author:\n\t\tSome One <some@example.com> @status:impl/plan\n';
    writeFileSync(join(root, 'specs', 'links.md'), spec);
    writeFileSync(join(root, 'factline.config.json'), JSON.stringify({ specs: ['specs/**/*.md'] }));
    const cold = probe(root, ['check', '--json', '--no-cache']);
    expect(markdownParser(cold.modules)).toEqual([]);
    const facts = probe(root, ['facts', '--json']);
    const reference = parseSpecWithRemark(spec, { file: 'specs/links.md', doc: 'links' }).facts.map((f) => [
      f.id,
      f.line,
      f.column,
      f.digest,
    ]);
    const read = (
      JSON.parse(facts.out) as { facts: { id: string; line: number; column: number; digest: string }[] }
    ).facts;
    expect(read.map((f) => [f.id, f.line, f.column, f.digest])).toEqual(reference);
    expect(reference).toHaveLength(3);
  }, 60_000);

  // @verifies reader#REMARK-ONLY-WHEN-A-SPEC-NEEDS-IT
  it('a cold check loads the parser only for a spec the fast reader leaves to remark, and reads it as remark does', () => {
    const root = tempDir('remark-on-need');
    mkdirSync(join(root, 'specs'));
    const plain =
      '# Plain\n\n@fact:PLAIN-ONE Read by the fast reader, `code` and <b>html</b>. @status:impl/plan\n';
    // Units outside the fast reader's model: a `www.` and an e-mail literal autolink, a tab in inline content.
    const odd =
      '# Odd\n\n@fact:ODD-ONE See www.example.com for `x`. @status:impl/plan\n\n' +
      '- @fact:ODD-TWO Mail dev@example.org\tor <b>not</b>. @status:impl/plan\n';
    writeFileSync(join(root, 'specs', 'plain.md'), plain);
    writeFileSync(join(root, 'factline.config.json'), JSON.stringify({ specs: ['specs/**/*.md'] }));
    const fast = probe(root, ['facts', '--json']);
    expect(markdownParser(fast.modules)).toEqual([]);
    writeFileSync(join(root, 'specs', 'odd.md'), odd);
    const cold = probe(root, ['check', '--json', '--no-cache']);
    expect(markdownParser(cold.modules)).not.toEqual([]);
    expect(JSON.parse(cold.out).summary.facts).toBe(3);
    const facts = probe(root, ['facts', '--json']);
    // The oracle: remark's own reading of each file (the reference reader), in this process.
    const reference = [
      ...parseSpecWithRemark(odd, { file: 'specs/odd.md', doc: 'odd' }).facts,
      ...parseSpecWithRemark(plain, { file: 'specs/plain.md', doc: 'plain' }).facts,
    ].map((f) => [f.id, f.line, f.column, f.digest]);
    const read = (
      JSON.parse(facts.out) as { facts: { id: string; line: number; column: number; digest: string }[] }
    ).facts;
    expect(read.map((f) => [f.id, f.line, f.column, f.digest])).toEqual(reference);
  }, 60_000);
});
