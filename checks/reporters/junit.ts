/** JUnit XML: one test suite per document, one test case per fact that needs evidence. */
import type { TraceResult } from '../model.ts';

const xml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // XML 1.0 forbids most control characters even escaped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

// @implements factline#GATE-CI-OUTPUTS
export function renderJunit(result: TraceResult): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const required = result.facts.filter((f) => f.required.length > 0);
  const failing = (state: string) => state !== 'verified' && state !== 'implemented' && state !== 'deviated';
  const totalFailures = required.filter((f) => failing(f.state)).length;
  out.push(`<testsuites name="factline" tests="${required.length}" failures="${totalFailures}">`);
  for (const doc of result.documents) {
    const cases = required.filter((f) => f.doc === doc.doc);
    const failures = cases.filter((f) => failing(f.state)).length;
    out.push(
      `  <testsuite name="${xml(doc.doc)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0">`,
    );
    for (const f of cases) {
      const head = `    <testcase classname="${xml(doc.doc)}" name="${xml(f.id)}" file="${xml(f.file)}" line="${f.line}"`;
      if (!failing(f.state)) {
        out.push(`${head}/>`);
        continue;
      }
      const details = result.findings
        .filter((x) => x.fact === f.address && x.severity === 'error')
        .map(
          (x) => `${x.file}:${x.line}:${x.column}: ${x.rule} ${x.message}${x.fix ? `\nfix: ${x.fix}` : ''}`,
        )
        .join('\n');
      out.push(`${head}>`);
      out.push(
        `      <failure message="${xml(`${f.address}: ${f.state}`)}" type="${xml(f.state)}">${xml(details)}</failure>`,
      );
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}
