/**
 * Hostile spec file names (created on disk for real: Linux allows a line
 * break, a backtick, `<` and `=` in a name) and hostile fact text, fed to
 * every writer through the CLI, each output read back by a real parser:
 * remark (+GFM) for Markdown, fast-xml-parser for JUnit, JSON.parse for
 * SARIF and JSON, python's csv module for CSV, parse5 (the WHATWG HTML
 * parsing algorithm) for the HTML report, the languages' own tokenizers
 * for test stubs. A name must stay data in every context: no heading, HTML
 * node or table row from it, no formula cell, no code outside a comment or
 * string, no raw control character on the console.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type DefaultTreeAdapterTypes as Html, parseFragment, parse as parseHtml } from 'parse5';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import ts from 'typescript';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { embeddedBlock, GATE_DATA_ID, INPUTS_ID, SPECS_ID } from '../../../checks/reporters/html/embed.ts';
import { REPORT_JS } from '../../../checks/reporters/html/page-script.ts';
import { runInProcess } from '../../support/cli.ts';
import { readSpecMarkup } from '../../support/page-markup.ts';
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

function project(names: readonly string[] = NAMES): string {
  const files: Record<string, string> = {
    'factline.config.json': JSON.stringify({
      specs: ['specs/**/*.md'],
      sources: ['src/**/*.ts'],
      tests: ['test/**/*.ts'],
    }),
    'src/a.ts': 'export const a = 1;\n',
  };
  names.forEach((name, i) => {
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

/** Every element of an HTML tree, in document order (template contents included). */
function htmlElements(node: Html.ParentNode): Html.Element[] {
  const out: Html.Element[] = [];
  const children = 'content' in node ? (node as Html.Template).content.childNodes : node.childNodes;
  for (const child of children) {
    if (!('tagName' in child)) continue;
    out.push(child, ...htmlElements(child));
  }
  if ('tagName' in node && node.tagName === 'template')
    out.push(...htmlElements((node as Html.Template).content));
  return out;
}
const textIn = (node: Html.ChildNode | Html.ParentNode): string =>
  'value' in node && node.nodeName === '#text'
    ? (node as Html.TextNode).value
    : 'childNodes' in node
      ? node.childNodes.map(textIn).join('')
      : '';

/** Elements a name or a fact's text could smuggle in to run or load something. */
const ACTIVE = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'img',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'a',
]);

/**
 * An element's shape: its tag and attributes. Attributes that carry a fact's
 * address (data-fact) are left out of the shape and checked for their value.
 */
const shapeOf = (e: Html.Element, skip: ReadonlySet<string>) =>
  `${e.tagName}[${e.attrs
    .filter((a) => !skip.has(a.name))
    .map((a) => `${a.name}=${JSON.stringify(a.value)}`)
    .join(' ')}]`;

/**
 * The page parsed as a browser without scripts parses it (so the <noscript>
 * view is markup, not text): exactly the elements and attributes of the same
 * page written for benign names, no script but the page's own and its
 * base64 data blocks, and each name read back as text.
 */
function htmlPageInjections(page: string, twin: string): string[] {
  const problems: string[] = [];
  const read = (text: string) => htmlElements(parseHtml(text, { scriptingEnabled: false }));
  const mine = read(page);
  const theirs = read(twin);
  const shapes = mine.map((e) => shapeOf(e, new Set()));
  const twinShapes = theirs.map((e) => shapeOf(e, new Set()));
  if (shapes.join('\n') !== twinShapes.join('\n')) {
    const extra = shapes.filter((s) => !twinShapes.includes(s));
    problems.push(
      `${shapes.length} elements for the twin's ${twinShapes.length}; not in the twin: ${extra.slice(0, 5).join(', ')}`,
    );
  }
  const scripts = mine.filter((e) => e.tagName === 'script');
  for (const script of scripts) {
    const type = script.attrs.find((a) => a.name === 'type')?.value;
    const body = textIn(script);
    if (type === undefined && body !== REPORT_JS) problems.push('a script that is not the page script');
    if (type === 'application/gzip' && !/^[A-Za-z0-9+/=]*$/.test(body))
      problems.push('a data block that is not base64');
  }
  if (scripts.length !== 4)
    problems.push(`${scripts.length} script elements (the page's own and 3 data blocks)`);
  const noscript = textIn(
    mine.find((e) => e.tagName === 'section' && e.attrs.some((a) => a.value === 'noscript'))!,
  );
  for (const payload of PAYLOADS)
    if (!noscript.includes(payload)) problems.push(`the no-script view lost the name holding ${payload}`);
  for (const e of mine)
    for (const a of e.attrs)
      if (/^on/i.test(a.name) || /^\s*javascript:/i.test(a.value))
        problems.push(`attribute ${a.name}=${a.value}`);
  return problems;
}

/**
 * The rendered specs (the markup the page mounts): no active element and no
 * handler, the same shape as the twin's, each fact's address read back whole
 * from its attribute, and the fact's raw HTML read back as text.
 */
function specMarkupInjections(page: string, twin: string, addresses: readonly string[]): string[] {
  const problems: string[] = [];
  const read = (text: string) => htmlElements(parseFragment(readSpecMarkup(text)));
  const mine = read(page);
  const skip = new Set(['data-fact']);
  const shapes = mine.map((e) => shapeOf(e, skip));
  const twinShapes = read(twin).map((e) => shapeOf(e, skip));
  if (shapes.join('\n') !== twinShapes.join('\n'))
    problems.push(
      `spec markup: ${shapes
        .filter((s) => !twinShapes.includes(s))
        .slice(0, 5)
        .join(', ')}`,
    );
  for (const e of mine) {
    if (ACTIVE.has(e.tagName)) problems.push(`an active element <${e.tagName}>`);
    for (const a of e.attrs) if (/^on/i.test(a.name)) problems.push(`attribute ${a.name}`);
  }
  const marked = mine.flatMap((e) => e.attrs.filter((a) => a.name === 'data-fact').map((a) => a.value));
  if ([...marked].sort().join('\n') !== [...addresses].sort().join('\n'))
    problems.push(`data-fact values ${JSON.stringify(marked)} are not the facts' addresses`);
  const facts = mine.filter((e) => e.attrs.some((a) => a.name === 'data-fact'));
  for (const fact of facts)
    if (!textIn(fact).includes('<script>alert(1)</script>'))
      problems.push('the fact text lost its raw HTML as text');
  return problems;
}

describe('writers escape a hostile file name for their own output context', () => {
  // @verifies cli#WRITER-ESCAPES-PER-CONTEXT
  // @verifies report#REPORT-SPEC-TEXT-CANNOT-RUN-SCRIPT
  it('console, Markdown, CSV, JUnit XML, SARIF, JSON, HTML and test stubs: each output parsed back holds the names as data', async () => {
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
      '--html',
      'out/r.html',
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

    // The HTML report, beside a twin written for benign names: the same markup but for the names' text.
    const twinDir = project(NAMES.map((_, i) => `plain-${i}.md`));
    const twinRun = await runInProcess(twinDir, ['check', '--json', '--html', 'out/r.html']);
    expect(twinRun.code).toBe(1);
    const page = readFileSync(join(dir, 'out/r.html'), 'utf8');
    const twinPage = readFileSync(join(twinDir, 'out/r.html'), 'utf8');
    judge('check --html (page markup, parse5)', htmlPageInjections(page, twinPage));
    const addresses = (
      JSON.parse((await runInProcess(dir, ['check', '--json'])).stdout) as { facts: { address: string }[] }
    ).facts.map((f) => f.address);
    judge('check --html (rendered specs, parse5)', specMarkupInjections(page, twinPage, addresses));
    judge(
      'check --html (data blocks)',
      [GATE_DATA_ID, SPECS_ID, INPUTS_ID].flatMap((id) =>
        /^[A-Za-z0-9+/=]+$/.test(embeddedBlock(page, id)) ? [] : [`block #${id} is not base64`],
      ),
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
    expect(writers).toBeGreaterThanOrEqual(17);
  }, 300_000);
});
