/**
 * Hostile spec file names (created on disk for real: Linux allows a line
 * break, a backtick, `<` and `=` in a name) and hostile fact text, fed to
 * every writer through the CLI, each output read back by a real parser:
 * remark (+GFM) for Markdown, fast-xml-parser for JUnit, JSON.parse for
 * SARIF and JSON, python's csv module for CSV, the languages' own tokenizers
 * for test stubs. A name must stay data in every context: no heading, HTML
 * node or table row from it, no formula cell, no code outside a comment or
 * string, no raw control character on the console.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import ts from 'typescript';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../support/cli.ts';
import { tempProject } from '../../support/temp.ts';
import {
  PYTHON,
  pythonTokens,
  RUSTC,
  rustTokens,
  type Tokenized,
  typescriptTokens,
} from '../../support/tokenizers/index.ts';

/** Each name forges something in some writer: a heading, raw HTML, a formula, a terminal escape. */
const NAMES = [
  'a\n## ✅ all facts verified\n.md',
  'b`<img src=x onerror=alert(1)>`.md',
  '=HYPERLINK("x")&cmd.md',
  'd\u001b[31mred\r.md',
];
const TEXT = 'Hostile <script>alert(1)</script> | pipe `tick` *em* and\u2028more.';
/** What must never reach an output as markup or code: each name's payload. */
const PAYLOADS = ['all facts verified', 'onerror', 'HYPERLINK', 'red'];

function project(): string {
  const files: Record<string, string> = {
    'factline.config.json': JSON.stringify({
      specs: ['specs/**/*.md'],
      sources: ['src/**/*.ts'],
      tests: ['test/**/*.ts'],
    }),
    'src/a.ts': 'export const a = 1;\n',
  };
  NAMES.forEach((name, i) => {
    files[`specs/${name}`] = `# Doc ${i} {#root}\n\n@status:impl/done\n\n@fact:F${i} ${TEXT}\n`;
  });
  return tempProject(files);
}

const markdown = unified().use(remarkParse).use(remarkGfm);
interface MdNode {
  type: string;
  depth?: number;
  value?: string;
  children?: MdNode[];
}
const nodes = (n: MdNode): MdNode[] => [n, ...(n.children ?? []).flatMap(nodes)];
const textOf = (n: MdNode): string => n.value ?? (n.children ?? []).map(textOf).join('');

/** Markdown read back: no HTML node, no heading but the writer's own, nothing a name forged. */
function markdownInjections(text: string, headings: number): string[] {
  const all = nodes(markdown.parse(text) as MdNode);
  const problems: string[] = [];
  for (const n of all.filter((x) => x.type === 'html'))
    problems.push(`raw HTML node ${JSON.stringify(n.value)}`);
  const hs = all.filter((x) => x.type === 'heading');
  if (hs.length !== headings) problems.push(`${hs.length} headings: ${hs.map(textOf).join(' | ')}`);
  for (const h of hs)
    if (/all facts verified/.test(textOf(h))) problems.push(`a heading from a name: ${textOf(h)}`);
  return problems;
}

/** The console: no raw control character, no line a name started. */
function consoleInjections(text: string): string[] {
  const problems: string[] = [];
  if (/[\u0000-\u0008\u000b-\u001f\u007f\u2028]/.test(text)) problems.push('a raw control character');
  for (const line of text.split('\n'))
    if (/^## |^\.md/.test(line)) problems.push(`a line a name started: ${JSON.stringify(line)}`);
  return problems;
}

/** Tokens holding a payload that are neither a comment nor a string. */
function codeInjections(tokens: Tokenized): string[] {
  if (!tokens.ok) return [`the stub does not tokenize: ${tokens.error}`];
  return tokens.tokens
    .filter((t) => PAYLOADS.some((p) => t.text.includes(p)) && t.kind !== 'comment' && t.kind !== 'string')
    .map((t) => `${t.kind} ${JSON.stringify(t.text)}`);
}

describe('writers escape a hostile file name for their own output context', () => {
  // @verifies cli#WRITER-ESCAPES-PER-CONTEXT
  it('console, Markdown, CSV, JUnit XML, SARIF, JSON and test stubs: each output parsed back holds the names as data', async () => {
    const dir = project();
    const tally: Record<string, string[]> = {};
    const judge = (writer: string, problems: string[]) => {
      tally[writer] = problems;
    };

    const facts = await runInProcess(dir, ['facts']);
    expect(facts.code).toBe(0);
    judge('facts (console)', consoleInjections(facts.stdout));
    expect(facts.stdout.split('\n').filter((l) => /^specs\//.test(l))).toHaveLength(NAMES.length);

    const explain = await runInProcess(dir, ['explain', 'F0']);
    judge('explain (console)', consoleInjections(explain.stdout));

    const check = await runInProcess(dir, [
      'check',
      '--summary',
      'out/summary.md',
      '--sarif',
      'out/r.sarif',
      '--junit',
      'out/r.xml',
    ]);
    expect(check.code).toBe(1);
    judge('check (console)', consoleInjections(check.stdout));
    judge(
      'check --summary (Markdown)',
      markdownInjections(readFileSync(join(dir, 'out/summary.md'), 'utf8'), 2),
    );

    const sarif = JSON.parse(readFileSync(join(dir, 'out/r.sarif'), 'utf8')) as {
      runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
    };
    const uris = sarif.runs[0]!.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation.uri);
    judge(
      'check --sarif (URI in JSON)',
      uris
        .filter(
          (u) =>
            /[\s#?`<>"]/.test(u) || !existsSync(join(dir, u.split('/').map(decodeURIComponent).join('/'))),
        )
        .map((u) => `uri ${JSON.stringify(u)} is no encoded path of a file`),
    );

    const xml = readFileSync(join(dir, 'out/r.xml'), 'utf8');
    const valid = XMLValidator.validate(xml);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as {
      testsuites: { testsuite: { testcase: { file: string } | { file: string }[] }[] };
    };
    const files = parsed.testsuites.testsuite.flatMap((s) => [s.testcase].flat()).map((c) => c.file);
    judge('check --junit (XML)', [
      ...(valid === true ? [] : [`invalid XML: ${JSON.stringify(valid)}`]),
      ...(files.length === NAMES.length ? [] : [`${files.length} test cases for ${NAMES.length} facts`]),
    ]);

    const csv = await runInProcess(dir, ['matrix', '--format', 'csv']);
    const rows = JSON.parse(
      spawnSync('python3', ['-c', 'import csv, json, sys; print(json.dumps(list(csv.reader(sys.stdin))))'], {
        input: csv.stdout,
        encoding: 'utf8',
      }).stdout,
    ) as string[][];
    judge('matrix csv (CSV)', [
      ...(rows.length === NAMES.length + 1 ? [] : [`${rows.length} rows`]),
      ...rows
        .flat()
        .filter((cell) => /^[=+\-@\t\r]/.test(cell))
        .map((cell) => `formula cell ${JSON.stringify(cell)}`),
    ]);

    const md = await runInProcess(dir, ['matrix', '--format', 'md']);
    const table = nodes(markdown.parse(md.stdout) as MdNode).find((n) => n.type === 'table');
    judge('matrix md (Markdown table)', [
      ...markdownInjections(md.stdout, 0),
      ...(table?.children?.length === NAMES.length + 1 ? [] : [`${table?.children?.length} table rows`]),
      ...(table?.children ?? [])
        .filter((r) => r.children?.length !== 7)
        .map((r) => `a row of ${r.children?.length} cells`),
    ]);

    const json = JSON.parse((await runInProcess(dir, ['matrix', '--format', 'json'])).stdout) as {
      facts: { file: string }[];
    };
    judge(
      'matrix json (JSON)',
      json.facts
        .map((f) => f.file)
        .sort()
        .join('\n') ===
        NAMES.map((n) => `specs/${n}`)
          .sort()
          .join('\n')
        ? []
        : ['files changed'],
    );

    for (const runner of ['jest', 'node', 'vitest', 'pytest', 'cargo']) {
      const scaffold = await runInProcess(dir, ['scaffold', '--runner', runner]);
      expect(scaffold.code, scaffold.stderr).toBe(0);
    }
    const stubs = [
      ...readdirSync(join(dir, 'test/scaffold')).map((f) => join(dir, 'test/scaffold', f)),
      ...readdirSync(join(dir, 'tests')).map((f) => join(dir, 'tests', f)),
    ];
    for (const stub of stubs) {
      const text = readFileSync(stub, 'utf8');
      if (/\.(js|mjs)$/.test(stub)) {
        const checked = spawnSync(process.execPath, ['--check', stub], { encoding: 'utf8' });
        judge(`scaffold ${stub.slice(-4)} (node --check)`, checked.status === 0 ? [] : [checked.stderr]);
        judge(
          `scaffold ${stub.slice(-4)} (comment lines)`,
          codeInjections(typescriptTokens(text, ts.ScriptKind.JS)),
        );
      } else if (stub.endsWith('.ts')) {
        judge('scaffold .ts (comment lines)', codeInjections(typescriptTokens(text, ts.ScriptKind.TS)));
      } else if (stub.endsWith('.py') && PYTHON) {
        judge('scaffold .py (comment lines)', codeInjections(pythonTokens([stub])[stub]!));
      } else if (stub.endsWith('.rs') && RUSTC) {
        judge('scaffold .rs (comment lines)', codeInjections(rustTokens([stub], join(dir, 'out'))[stub]!));
      }
    }

    const writers = Object.keys(tally).length;
    const injections = Object.entries(tally).flatMap(([w, ps]) => ps.map((p) => `${w}: ${p}`));
    console.log(
      `writers: ${writers} writer contexts × ${NAMES.length} hostile names (+ hostile fact text): ${injections.length} injections`,
    );
    expect(injections).toEqual([]);
    expect(writers).toBeGreaterThanOrEqual(14);
  }, 300_000);
});
