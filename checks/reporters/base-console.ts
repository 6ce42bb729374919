/** The console's pull-request view (`check --base`): what the branch brought, what it fixed, the counts moved. */
import type { BaseDelta, SideCounts } from '../base-delta.ts';
import { failsAgainstBase } from '../base-delta.ts';
import type { Finding } from '../model.ts';
import { fixFor } from '../rules.ts';
import { escapeControls as e } from './escape/console.ts';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** `verified 5 → 6 (+1)` for each count. */
export function countChanges(base: SideCounts, head: SideCounts): string[] {
  const rows: [string, keyof SideCounts][] = [
    ['facts', 'facts'],
    ['verified', 'verified'],
    ['gaps', 'gaps'],
    ['errors', 'errors'],
    ['warnings', 'warnings'],
  ];
  return rows.map(
    ([label, key]) => `${label} ${base[key]} → ${head[key]} (${signed(head[key] - base[key])})`,
  );
}

const line = (f: Finding) => `${e(f.file)}:${f.line}:${f.column}: ${f.severity} ${f.rule} ${e(f.message)}`;

export function renderBaseConsole(delta: BaseDelta): string {
  const short = delta.commit.slice(0, 12);
  const out = [
    `compared with ${e(delta.ref)} (${short}): ${countChanges(delta.base, delta.head).join(', ')}`,
  ];
  if (delta.baseNote) out.push(e(delta.baseNote));
  out.push('', `new since ${e(delta.ref)}: ${delta.added.length}`);
  for (const f of delta.added) out.push(`  ${line(f)}`, `    fix: ${e(fixFor(f))}`);
  if (delta.unknownOnBase !== undefined) {
    out.push(
      '',
      `unknown on base: ${delta.unknownOnBase.length} (test outcomes on ${e(delta.ref)} were not given, so these are neither new nor old and do not fail the run; pass --base-results with ${e(delta.ref)}'s test results to judge them)`,
    );
    for (const f of delta.unknownOnBase) out.push(`  ${line(f)}`);
  }
  out.push('', `fixed since ${e(delta.ref)}: ${delta.fixed.length}`);
  for (const f of delta.fixed) out.push(`  ${line(f)}`);
  const newErrors = delta.added.filter((f) => f.severity === 'error').length;
  out.push(
    '',
    failsAgainstBase(delta)
      ? `FAIL ${newErrors} new error(s) since ${e(delta.ref)}`
      : `OK no new error since ${e(delta.ref)} (${delta.head.errors} error(s) the base already had)`,
  );
  return `${out.join('\n')}\n`;
}
