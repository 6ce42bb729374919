/**
 * The synthetic project the benchmarks run on: 2,000 facts in 20 specs and
 * N source and test files (20,000 by default), each citing five facts, half
 * of those pinned, with a string decoy in every test. `bench/check.ts` times
 * the gate on it, `bench/lsp.ts` the editor server.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSpec } from '../reader/index.ts';
// These inputs are read in this process: the parser for what the fast reader leaves to remark.
import '../reader/markdown.ts';

export const SPECS = 20;
export const FACTS_PER_SPEC = 100;
export const CITES_PER_FILE = 5;
/** Every 5th file is a test. */
export const TEST_SHARE = 5;

/** Where generateTree() puts file `i`. */
export const fileOf = (i: number) =>
  i % TEST_SHARE === 0
    ? `test/m${Math.floor(i / 500)}/file${i}.test.ts`
    : `src/m${Math.floor(i / 500)}/file${i}.ts`;

/** Writes the specs, `files` source and test files and the config under `root`. */
export function generateTree(root: string, files: number): { citations: number } {
  mkdirSync(join(root, 'specs'), { recursive: true });
  const digests: string[][] = [];
  for (let s = 0; s < SPECS; s++) {
    const lines = [`# Spec ${s}`, '', '@status:impl/done', ''];
    for (let f = 0; f < FACTS_PER_SPEC; f++) {
      if (f % 25 === 0) lines.push(`## Part ${f / 25} {#part-${f / 25}}`, '');
      lines.push(
        `@fact:S${s}-FACT-${f} Component ${s} must handle case ${f} within the documented bounds.`,
        '',
      );
    }
    const text = lines.join('\n');
    writeFileSync(join(root, 'specs', `spec${s}.md`), text);
    digests.push(
      parseSpec(text, { file: `specs/spec${s}.md`, doc: `spec${s}` }).facts.map((x) => x.digest.slice(0, 8)),
    );
  }
  let citations = 0;
  for (let i = 0; i < files; i++) {
    const isTest = i % TEST_SHARE === 0;
    const dir = join(root, isTest ? 'test' : 'src', `m${Math.floor(i / 500)}`);
    mkdirSync(dir, { recursive: true });
    const verb = isTest ? 'verifies' : 'implements';
    const body: string[] = [`import { helper } from './helper${i % 7}.ts';`, ''];
    for (let c = 0; c < CITES_PER_FILE; c++) {
      const s = (i + c) % SPECS;
      const f = (i * 3 + c) % FACTS_PER_SPEC;
      const pin = c % 2 === 0 ? `~${digests[s]![f]}` : '';
      citations++;
      if (isTest) {
        body.push(
          `it('case ${i}.${c}', () => {`,
          `  // @${verb} spec${s}#S${s}-FACT-${f}${pin}`,
          `  const text = "not a citation: @${verb} nothing here";`,
          `  expect(helper(${c}) / 2).toBe(${c / 2});`,
          '});',
          '',
        );
      } else {
        body.push(
          `// @${verb} spec${s}#S${s}-FACT-${f}${pin}`,
          `export function handle${c}(input: { value: number }): number {`,
          `  const label = \`case \${input.value} of ${i}\`;`,
          `  return label.length + input.value * ${c};`,
          '}',
          '',
        );
      }
    }
    writeFileSync(join(dir, `file${i}${isTest ? '.test' : ''}.ts`), body.join('\n'));
  }
  writeFileSync(
    join(root, 'factline.config.json'),
    JSON.stringify({
      specs: ['specs/**/*.md'],
      sources: ['src/**/*.ts'],
      tests: ['test/**/*.ts'],
      ignore: [],
    }),
  );
  return { citations };
}
