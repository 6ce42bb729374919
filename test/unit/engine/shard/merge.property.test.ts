/**
 * Merged equals single-process: on random monorepos (packages with specs,
 * sources, tests and JUnit results; citations into other packages' specs by
 * full name and by alias, stale pins, unknown ids, failed and skipped tests,
 * packages without results, a random config), one `factline check --shard`
 * per package and a `factline merge` of them print the same JSON, exit with
 * the same code, and write the same SARIF, JUnit, matrix and summary as one
 * `factline check` over the whole tree. Nothing is normalised: the outputs
 * are compared byte for byte (the shards are passed to the merge in a random
 * order, so the merge's own ordering is tested too).
 *
 * MERGE_SEED and MERGE_CASES pick another seed or size.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../../support/cli.ts';
import { tempDir, writeFiles } from '../../../support/temp.ts';

const SEED = Number(process.env.MERGE_SEED ?? 40);
const CASES = Number(process.env.MERGE_CASES ?? 30);

const STATUSES = ['impl/done', 'impl/done', 'impl/done', 'impl/work', 'plan/work', 'impl/void'];
const OUTCOMES = ['pass', 'pass', 'pass', 'fail', 'skip', 'absent'] as const;

interface Package {
  facts: number[][]; // per doc: the status index of each fact
  sources: Cite[][]; // per source file: its citations
  tests: { cites: Cite[]; outcome: (typeof OUTCOMES)[number] }[];
  results: boolean;
}

/** A citation: of fact `fact` of doc `doc` of package `pkg` (each taken modulo what exists), spelt one of several ways. */
interface Cite {
  pkg: number;
  doc: number;
  fact: number;
  form: 'full' | 'alias' | 'stale' | 'unknown' | 'bare';
}

const cite: fc.Arbitrary<Cite> = fc.record({
  pkg: fc.nat(5),
  doc: fc.nat(1),
  fact: fc.nat(3),
  form: fc.constantFrom('full', 'alias', 'alias', 'alias', 'stale', 'unknown', 'bare'),
});

const pkg: fc.Arbitrary<Package> = fc.record({
  facts: fc.array(fc.array(fc.nat(STATUSES.length - 1), { minLength: 1, maxLength: 4 }), {
    minLength: 0,
    maxLength: 2,
  }),
  sources: fc.array(fc.array(cite, { maxLength: 4 }), { maxLength: 2 }),
  tests: fc.array(
    fc.record({ cites: fc.array(cite, { maxLength: 3 }), outcome: fc.constantFrom(...OUTCOMES) }),
    {
      maxLength: 3,
    },
  ),
  results: fc.boolean(),
});

const monorepo = fc.record({
  packages: fc.array(pkg, { minLength: 2, maxLength: 5 }),
  strict: fc.boolean(),
  rules: fc.constantFrom({}, { 'missing-verification': 'warning' }, { 'stale-citation': 'off' }),
  unconfirmedWarning: fc.boolean(),
  order: fc.array(fc.nat(100), { minLength: 5, maxLength: 5 }),
});

type Monorepo = typeof monorepo extends fc.Arbitrary<infer T> ? T : never;

const docName = (p: number, d: number) => `p${p}-d${d}`;
const docPath = (p: number, d: number) => `packages/p${p}/specs/${docName(p, d)}`;

function reference(m: Monorepo, c: Cite): string {
  const p = c.pkg % m.packages.length;
  const docs = m.packages[p]!.facts;
  if (docs.length === 0 || c.form === 'unknown') return `${docName(p, 0)}#NOPE`;
  const d = c.doc % docs.length;
  const id = `F${c.fact % docs[d]!.length}`;
  if (c.form === 'full') return `${docPath(p, d)}#${id}`;
  if (c.form === 'stale') return `${docName(p, d)}#${id}~00000000`;
  if (c.form === 'bare') return id;
  return `${docName(p, d)}#${id}`;
}

/** The tree on disk; its results files listed in the config in a random order. */
function build(m: Monorepo): { root: string; folders: string[] } {
  const root = tempDir('merge-prop');
  const files: Record<string, string> = {};
  const results: string[] = [];
  m.packages.forEach((p, i) => {
    const at = `packages/p${i}`;
    files[`${at}/package.json`] = JSON.stringify({ name: `p${i}`, private: true });
    p.facts.forEach((facts, d) => {
      const lines = facts.map(
        (s, f) => `@fact:F${f} Package ${i} doc ${d} fact ${f} holds. @status:${STATUSES[s]}\n`,
      );
      files[`${at}/specs/${docName(i, d)}.md`] = `# ${docName(i, d)}\n\n${lines.join('\n')}`;
    });
    p.sources.forEach((cites, s) => {
      files[`${at}/src/s${s}.ts`] =
        `${cites.map((c) => `// @implements ${reference(m, c)}\n`).join('')}export const s${s} = ${s};\n`;
    });
    const cases: string[] = [];
    p.tests.forEach((t, n) => {
      const file = `${at}/test/t${n}.test.ts`;
      files[file] =
        `${t.cites.map((c) => `// @verifies ${reference(m, c)}\n`).join('')}it('t${n}', () => {});\n`;
      const inner =
        t.outcome === 'fail' ? '<failure message="boom"/>' : t.outcome === 'skip' ? '<skipped/>' : '';
      if (t.outcome !== 'absent')
        cases.push(`<testcase classname="t${n}" name="t${n}" file="${file}">${inner}</testcase>`);
    });
    if (p.results) {
      files[`${at}/results.xml`] =
        `<testsuites><testsuite name="p${i}">${cases.join('')}</testsuite></testsuites>\n`;
      results.push(`${at}/results.xml`);
    }
  });
  results.sort((a, b) => (m.order[a.length % 5]! % 2 === 0 ? a.localeCompare(b) : b.localeCompare(a)));
  files['factline.config.json'] = JSON.stringify({
    specsRoot: '.',
    specs: ['packages/*/specs/**/*.md'],
    sources: ['packages/*/src/**/*.ts'],
    tests: ['packages/*/test/**/*.ts'],
    results,
    strict: m.strict,
    rules: m.rules,
    ...(m.unconfirmedWarning ? { static: { unconfirmed: 'warning' } } : {}),
  });
  writeFiles(root, files);
  return { root, folders: m.packages.map((_, i) => `packages/p${i}`) };
}

/** Every shard, then the merge, against one full check; the differences found, none when they agree. */
async function compare(m: Monorepo): Promise<void> {
  const { root, folders } = build(m);
  // A tree with no spec at all is refused by both alike (exit 2), which is no merge to compare.
  if (m.packages.every((p) => p.facts.length === 0)) return;
  const reports = (prefix: string) => [
    '--sarif',
    `${prefix}.sarif`,
    '--junit',
    `${prefix}.xml`,
    '--summary',
    `${prefix}.md`,
  ];
  const single = await runInProcess(root, ['check', '--json', '--no-cache', ...reports('single')]);
  expect(single.code, single.stderr).not.toBe(2);
  const shardFiles: string[] = [];
  for (const folder of folders) {
    const shard = await runInProcess(root, ['check', '--json', '--shard', folder]);
    expect(shard.code, shard.stderr).toBe(0);
    const file = `${folder.replace('/', '-')}.shard.json`;
    writeFiles(root, { [file]: shard.stdout });
    shardFiles.push(file);
  }
  // The engine hands the shards over in any order.
  const order = shardFiles.map((f, i) => ({ f, k: m.order[i % 5]! * 7 + i })).sort((a, b) => a.k - b.k);
  const merged = await runInProcess(root, [
    'merge',
    '--json',
    ...reports('merged'),
    ...order.map((o) => o.f),
  ]);
  expect(merged.stderr).toBe('');
  expect(merged.stdout).toBe(single.stdout);
  expect(merged.code).toBe(single.code);
  for (const ext of ['sarif', 'xml', 'md'])
    expect(readFileSync(join(root, `merged.${ext}`), 'utf8'), ext).toBe(
      readFileSync(join(root, `single.${ext}`), 'utf8'),
    );
  const matrix = await runInProcess(root, ['matrix', '--format', 'csv', '--out', 'single.csv']);
  expect(matrix.code, matrix.stderr).toBe(0);
  await runInProcess(root, ['merge', '--matrix', 'merged.csv', ...shardFiles]);
  expect(readFileSync(join(root, 'merged.csv'), 'utf8')).toBe(readFileSync(join(root, 'single.csv'), 'utf8'));
}

describe('factline merge of one shard per package', () => {
  // @verifies monorepo#MERGE-EQUALS-SINGLE-RUN
  // @verifies monorepo#MERGE-IS-THE-SINGLE-TRACE
  it(`equals one check over the whole tree (${CASES} random monorepos, seed ${SEED})`, async () => {
    let failing = 0;
    let crossPackage = 0;
    await fc.assert(
      fc.asyncProperty(monorepo, async (m) => {
        if (
          m.packages.some((p, i) =>
            [...p.sources.flat(), ...p.tests.flatMap((t) => t.cites)].some(
              (c) => c.pkg % m.packages.length !== i,
            ),
          )
        )
          crossPackage++;
        if (m.packages.some((p) => p.results && p.tests.some((t) => t.outcome === 'fail'))) failing++;
        await compare(m);
      }),
      { seed: SEED, numRuns: CASES },
    );
    // The generator reached what the property is about.
    expect(crossPackage).toBeGreaterThan(CASES / 2);
    expect(failing).toBeGreaterThan(0);
    console.log(
      `merge property: ${CASES} monorepos, ${crossPackage} with cross-package citations, ${failing} with failed tests`,
    );
  }, 600_000);
});
