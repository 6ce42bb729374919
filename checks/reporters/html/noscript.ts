/**
 * The report without JavaScript: a `<noscript>` view rendered on the server
 * side of the page, so a browser with scripts off, a mail client, or a
 * crawler still reads the verdict, the counts per document and every error
 * finding (the gaps first), each at its file:line. Pure.
 */

import type { TraceResult } from '../../model.ts';
import { FACT_STATES } from '../../states.ts';
import { htmlText as e } from '../escape/html.ts';

/** More than this and the list names how many it leaves out: the full view is the script's. */
const SHOWN = 300;

// @implements report#REPORT-NOSCRIPT-VIEW
export function renderNoscript(result: TraceResult): string {
  const s = result.summary;
  const states = Object.entries(s.states)
    .filter(([, n]) => n > 0)
    .map(([state, n]) => `${n} ${FACT_STATES[state as keyof typeof FACT_STATES]}`)
    .join(', ');
  const byDoc = new Map<string, { facts: number; verified: number; gaps: number }>();
  for (const f of result.facts) {
    const row = byDoc.get(f.doc) ?? { facts: 0, verified: 0, gaps: 0 };
    row.facts++;
    if (f.state === 'verified') row.verified++;
    if (f.gap) row.gaps++;
    byDoc.set(f.doc, row);
  }
  const rows = [...byDoc]
    .map(
      ([doc, r]) => `<tr><td>${e(doc)}</td><td>${r.facts}</td><td>${r.verified}</td><td>${r.gaps}</td></tr>`,
    )
    .join('\n');
  const errors = result.findings.filter((f) => f.severity === 'error');
  const gapFirst = [
    ...errors.filter((f) => f.rule.startsWith('missing-')),
    ...errors.filter((f) => !f.rule.startsWith('missing-')),
  ];
  const items = gapFirst
    .slice(0, SHOWN)
    .map((f) => `<li><code>${e(`${f.file}:${f.line}`)}</code> ${e(f.rule)} ${e(f.message)}</li>`)
    .join('\n');
  const more = gapFirst.length > SHOWN ? `<p>… and ${gapFirst.length - SHOWN} more error(s).</p>` : '';
  const verdict = s.findings.error > 0 ? 'FAIL' : 'OK';
  return `<noscript><section class="noscript" aria-label="Summary without JavaScript">
<p>This page builds its views with JavaScript, which is off: here are the verdict, the counts and the errors.</p>
<h2>${verdict}: ${s.facts} facts, ${s.required} required, ${s.gaps} gap(s); ${s.findings.error} error(s), ${s.findings.warning} warning(s)</h2>
<p>${e(states)}</p>
<table class="summary"><thead><tr><th>document</th><th>facts</th><th>verified</th><th>gaps</th></tr></thead><tbody>
${rows}
</tbody></table>
<h2>Errors (gaps first)</h2>
${items === '' ? '<p>None.</p>' : `<ul>\n${items}\n</ul>`}
${more}
</section></noscript>`;
}
