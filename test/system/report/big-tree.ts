/**
 * A generated project of 5,000 facts (50 specs × 100 facts, two thirds cited
 * by code and test), reported once by the real CLI in-process: the tree the
 * report must stay light and readable on.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInProcess } from '../../support/cli.ts';

export const BIG_DOCS = 50;
export const BIG_FACTS_PER_DOC = 100;

export const STATUS_ELEMENT_DOC = docName(BIG_DOCS - 1);

/** The document holding service units, each cited by code and a test. */
export const SERVICE_DOC = docName(2);
export const SERVICE_UNITS = 3;

export interface BigTree {
  dir: string;
  report: string;
  bytes: number;
  /** The document with the most gaps (gaps grow with the document's number). */
  mostGaps: string;
  cleanup: () => void;
}

/** Document names as on a real tree; one long unbroken name tests the sidebar's width. */
function docName(d: number): string {
  const n = String(d).padStart(2, '0');
  return d === BIG_DOCS - 1 ? `area-${n}_supervisorruntimesessionlifecycleandshutdownordering` : `area-${n}`;
}

/** Document d leaves facts uncited from index citedUpTo(d) on: later documents have more gaps. */
function citedUpTo(d: number): number {
  return Math.min(BIG_FACTS_PER_DOC, 50 + d * 2 - (d === BIG_DOCS - 1 ? 10 : 0));
}

export async function writeBigTree(): Promise<BigTree> {
  const dir = mkdtempSync(join(tmpdir(), 'factline-big-'));
  for (const sub of ['specs', 'src', 'test']) mkdirSync(join(dir, sub));
  writeFileSync(
    join(dir, 'factline.config.json'),
    JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.ts'], tests: ['test/**/*.ts'] }),
  );
  let worst = '';
  let worstGaps = -1;
  for (let d = 0; d < BIG_DOCS; d++) {
    const doc = docName(d);
    // The last document marks itself with a `<status/>` element, as real trees do.
    const marker = d === BIG_DOCS - 1 ? '<status stage="impl" state="done"/>' : '@status:impl/done';
    const lines = [`# Area ${d} {#root}`, '', marker, ''];
    const impl: string[] = [];
    const tests: string[] = [];
    const cited = d % 3 === 2 ? BIG_FACTS_PER_DOC : citedUpTo(d);
    for (let i = 0; i < BIG_FACTS_PER_DOC; i++) {
      if (i % 20 === 0)
        lines.push(`## Part ${i / 20}: behaviour_under_sustained_concurrent_load {#part-${i / 20}}`, '');
      // A few kebab-case service units (context, no evidence needed), cited all the same.
      const service = doc === SERVICE_DOC && i < SERVICE_UNITS;
      const id = service ? `a${d}-context-${i}` : `A${d}-F${String(i).padStart(3, '0')}`;
      const status = service ? '' : ' @status:impl/done';
      lines.push(
        `@fact:${id} Area ${d} fact ${i} states that the component keeps its promise number ${i} under load.${status}`,
        '',
      );
      if (i < cited) {
        impl.push(`// @implements ${doc}#${id}`, `export const v${i} = ${i};`);
        tests.push(`// @verifies ${doc}#${id}`, `it('fact ${i}', () => {});`);
      }
    }
    const gaps = BIG_FACTS_PER_DOC - cited;
    if (gaps > worstGaps) {
      worstGaps = gaps;
      worst = doc;
    }
    writeFileSync(join(dir, 'specs', `${doc}.md`), lines.join('\n'));
    writeFileSync(join(dir, 'src', `${doc}.ts`), `${impl.join('\n')}\n`);
    writeFileSync(join(dir, 'test', `${doc}.test.ts`), `${tests.join('\n')}\n`);
  }
  const report = join(dir, 'report.html');
  const run = await runInProcess(dir, ['report', '--out', report, '--quiet']);
  if (run.code !== 0) throw new Error(`report failed (${run.code}): ${run.stderr}`);
  return {
    dir,
    report,
    bytes: statSync(report).size,
    mostGaps: worst,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
