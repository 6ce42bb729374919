/**
 * Python and Go read by factline against their own tokenizers: python3's
 * `tokenize` and Go's `go/scanner` (a tiny Go program, go-comments.go). Files
 * are generated from each language's token forms with a tag planted in every
 * string and comment; the tokenizer says which tags stand in comments, and
 * the scan must find exactly those: 0 counted in a string, 0 missed in a
 * comment. Files the tokenizer refuses are left out and counted. The case
 * tables' fuzz files (test/unit/checks/languages/cases/) go through the
 * oracle too, so their hand-made classification is judged by it.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Lexer, parseDocument } from 'yaml';
import { scanFile } from '../../../../checks/scan/index.ts';
import { hasTool } from '../../../support/language-tools.ts';
import { composeFiles } from '../../../unit/checks/languages/compose.ts';
import { closeQuotes, type Generated, GO_FORMS, generate, PYTHON_FORMS, YAML_FORMS } from './generate.ts';

const HERE = import.meta.dirname;
const PYTHON = hasTool('python3');
const GO = hasTool('go', ['version']);
for (const [have, tool, install] of [
  [PYTHON, 'python3', 'apt-get install python3'],
  [GO, 'go', 'apt-get install golang-go'],
] as const) {
  if (have) continue;
  if (process.env.CI)
    throw new Error(`${tool} is required in CI for the tokenizer differential (${install})`);
  console.warn(`note: ${tool} is not installed: its tokenizer differential skips`);
}

interface Verdict {
  comments: string[];
  others: string[];
}

function oracle(command: string, args: string[], texts: string[]): (Verdict | null)[] {
  const run = spawnSync(command, args, {
    input: JSON.stringify(texts),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: 300_000,
  });
  if (run.status !== 0) throw new Error(`${command} failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

interface Table {
  files: number;
  refused: number;
  inComments: number;
  inText: number;
  counted: string[];
  missed: string[];
}

/** The confusion table, printed with the first few differences. */
function report(name: string, table: Table): void {
  console.log(name, JSON.stringify({ ...table, counted: table.counted.length, missed: table.missed.length }));
  for (const line of [...table.counted, ...table.missed].slice(0, 5)) console.log(line);
}

function compare(file: string, texts: string[], verdicts: (Verdict | null)[]): Table {
  const table: Table = { files: texts.length, refused: 0, inComments: 0, inText: 0, counted: [], missed: [] };
  texts.forEach((text, i) => {
    const verdict = verdicts[i];
    if (!verdict) {
      table.refused++;
      return;
    }
    table.inComments += verdict.comments.length;
    table.inText += verdict.others.length;
    const found = new Set(scanFile(file, text).map((c) => c.id));
    const comments = new Set(verdict.comments);
    for (const id of found) if (!comments.has(id)) table.counted.push(`${id} in ${JSON.stringify(text)}`);
    for (const id of comments) if (!found.has(id)) table.missed.push(`${id} in ${JSON.stringify(text)}`);
  });
  return table;
}

const FILES = 2_000;

async function caseTableTexts(name: string): Promise<string[]> {
  const { table } = await import(`../../../unit/checks/languages/cases/${name}.ts`);
  return composeFiles(table, 400).map((f) => f.text);
}

describe('other languages against their own tokenizers', () => {
  // @verifies scanner#SUPPORTED-LANGUAGES
  it.skipIf(!PYTHON)(
    'Python: every tag tokenize puts in a COMMENT is found, no other',
    async () => {
      const texts = [
        ...generate(PYTHON_FORMS, FILES, 7).map((g: Generated) => g.text),
        ...(await caseTableTexts('python')),
      ];
      const table = compare('a.py', texts, oracle('python3', [join(HERE, 'python-comments.py')], texts));
      report('Python vs tokenize:', table);
      expect(table.counted).toEqual([]);
      expect(table.missed).toEqual([]);
      expect(table.files - table.refused).toBeGreaterThan(FILES / 2);
      expect(table.inComments).toBeGreaterThan(1_000);
      expect(table.inText).toBeGreaterThan(3_000);
    },
    300_000,
  );

  // @verifies scanner#SUPPORTED-LANGUAGES
  it.skipIf(!GO)(
    'Go: every tag go/scanner puts in a COMMENT is found, no other',
    async () => {
      const texts = [
        ...generate(GO_FORMS, FILES, 11).map((g: Generated) => g.text),
        ...(await caseTableTexts('go')),
      ];
      const table = compare('main.go', texts, oracle('go', ['run', join(HERE, 'go-comments.go')], texts));
      report('Go vs go/scanner:', table);
      expect(table.counted).toEqual([]);
      expect(table.missed).toEqual([]);
      expect(table.files - table.refused).toBeGreaterThan(FILES / 2);
      expect(table.inComments).toBeGreaterThan(1_000);
      expect(table.inText).toBeGreaterThan(1_000);
    },
    300_000,
  );

  // @verifies scanner#SUPPORTED-LANGUAGES
  it('YAML: every tag the `yaml` package lexes as a comment is found, no other', async () => {
    const texts = [
      ...generate(YAML_FORMS, FILES, 13).map((g: Generated) => closeQuotes(g.text)),
      ...(await caseTableTexts('yaml')),
    ];
    const verdicts = texts.map((text): Verdict | null => {
      if (parseDocument(text).errors.length > 0) return null;
      const verdict: Verdict = { comments: [], others: [] };
      for (const token of new Lexer().lex(text))
        for (const m of token.matchAll(/@implements doc#([A-Za-z0-9]+)/g))
          (token.startsWith('#') ? verdict.comments : verdict.others).push(m[1]!);
      return verdict;
    });
    const table = compare('ci.yml', texts, verdicts);
    report('YAML vs the yaml lexer:', table);
    expect(table.counted).toEqual([]);
    expect(table.missed).toEqual([]);
    expect(table.files - table.refused).toBeGreaterThan(FILES / 2);
    expect(table.inComments).toBeGreaterThan(1_000);
    expect(table.inText).toBeGreaterThan(1_000);
  }, 300_000);
});
