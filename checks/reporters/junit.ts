/**
 * JUnit XML: one test suite per document, one test case per fact that needs
 * evidence (failing when the trace marked it a gap), plus one `factline`
 * case failing with every other error finding.
 */
import type { Finding, TraceResult } from '../model.ts';
import { fixFor } from '../rules.ts';
import { xmlText as xml } from './escape/xml.ts';

const detail = (x: Finding) => `${x.file}:${x.line}:${x.column}: ${x.rule} ${x.message}\nfix: ${fixFor(x)}`;

// @implements trace#GATE-CI-OUTPUTS
export function renderJunit(result: TraceResult): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const required = result.facts.filter((f) => f.required.length > 0);
  const failed = new Set(required.filter((f) => f.gap).map((f) => f.address));
  // Errors no failing fact case shows (spec diagnostics, unknown facts, a
  // stale or misplaced citation of a fact that is covered anyway, drift):
  // without a case of their own the file would say 0 failures while the
  // gate exits 1.
  const loose = result.findings.filter(
    (x) => x.severity === 'error' && (x.fact === undefined || !failed.has(x.fact)),
  );
  const extra = loose.length > 0 ? 1 : 0;
  out.push(
    `<testsuites name="factline" tests="${required.length + extra}" failures="${failed.size + extra}">`,
  );
  for (const doc of result.documents) {
    const cases = required.filter((f) => f.doc === doc.doc);
    const failures = cases.filter((f) => f.gap).length;
    out.push(
      `  <testsuite name="${xml(doc.doc)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0">`,
    );
    for (const f of cases) {
      const head = `    <testcase classname="${xml(doc.doc)}" name="${xml(f.id)}" file="${xml(f.file)}" line="${f.line}"`;
      if (!f.gap) {
        out.push(`${head}/>`);
        continue;
      }
      const details = result.findings
        .filter((x) => x.fact === f.address && x.severity === 'error')
        .map(detail)
        .join('\n');
      out.push(`${head}>`);
      out.push(
        `      <failure message="${xml(`${f.address}: ${f.state}`)}" type="${xml(f.state)}">${xml(details)}</failure>`,
      );
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  if (extra > 0) {
    const message = `${loose.length} error finding(s) not tied to a failing required fact`;
    out.push('  <testsuite name="factline" tests="1" failures="1" errors="0" skipped="0">');
    out.push(`    <testcase classname="factline" name="${NOT_TIED}">`);
    out.push(
      `      <failure message="${xml(message)}" type="findings">${xml(loose.map(detail).join('\n'))}</failure>`,
    );
    out.push('    </testcase>');
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}

/** Name of the one extra test case that carries the errors no fact case shows. */
export const NOT_TIED = 'findings not tied to a required fact';
