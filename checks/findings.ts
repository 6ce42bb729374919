/** The one collector every rule reports through; sorted output for determinism. */

import type { Severity } from '../reader/model.ts';
import type { Finding, RuleId, Summary } from './model.ts';

/** Default severity of each rule the gate raises itself. */
export const RULE_SEVERITY: Record<string, Severity> = {
  'missing-implementation': 'error',
  'missing-verification': 'error',
  'missing-evidence': 'warning',
  'unknown-fact': 'error',
  'ambiguous-fact': 'error',
  'stale-citation': 'error',
  'misplaced-citation': 'error',
  'deviation-without-reason': 'error',
  'void-fact-cited': 'error',
  'status-behind-evidence': 'info',
  'generated-drift': 'error',
  'generated-hand-edit': 'error',
  'pin-into-unmarked-unit': 'warning',
  'stale-exclude': 'warning',
  'nothing-cited': 'warning',
  'document-uncited': 'warning',
  'baseline-gone': 'info',
};

/** One line per rule, for SARIF rule metadata and `--help`. */
export const RULE_DESCRIPTIONS: Record<string, string> = {
  'missing-implementation': 'A fact that needs an implementation has no counted @implements citation.',
  'missing-verification': 'A fact that needs verification has no counted @verifies citation in a test.',
  'missing-evidence': 'A fact requires evidence that citations cannot show (e.g. documentation).',
  'unknown-fact': 'A citation names no loaded fact.',
  'ambiguous-fact': 'A bare fact id is defined in more than one loaded spec.',
  'stale-citation': "A citation's pin no longer matches the fact's digest or kind revision.",
  'misplaced-citation': '@implements in a test file, or @verifies outside test files.',
  'deviation-without-reason': '@deviates without reason="…".',
  'void-fact-cited': 'A citation names a fact whose state is void.',
  'status-behind-evidence': "A fact's status says it is not due, yet code and tests already cite it.",
  // The spec reader's diagnostic codes (`factline lint` prints the same ones).
  'duplicate-id': 'Spec: a fact id is defined twice in one document.',
  'unknown-stage': 'Spec: a status names a stage that does not exist.',
  'unknown-state': 'Spec: a status names a state that does not exist.',
  'unknown-action': 'Spec: a status names an unknown action.',
  'unknown-audience': 'Spec: a status names an unknown or empty audience.',
  'element-missing-attribute': 'Spec: a `<status>` element lacks a required attribute.',
  'malformed-element': 'Spec: an element is not well formed.',
  'stranded-marker': 'Spec: a status marker belongs to no fact.',
  'marker-mid-unit': 'Spec: a marker stands mid-unit, where it is not read.',
  'marked-unit-without-anchor': 'Spec: a unit carries a status marker but no @fact: anchor.',
  'unclosed-wrapper': 'Spec: a fragment is opened and never closed in its unit.',
  'unknown-typed-anchor': 'Spec: an @fact/TYPE: anchor names an unknown type.',
  'typed-anchor-without-fence': 'Spec: an @fact/code: anchor has no fenced code block below it.',
  'swallowed-anchor': 'Spec: an anchor starts a continuation line and is read as prose of the unit above.',
  'empty-id': 'Spec: an anchor has an empty id.',
  'generated-drift': 'Generated files differ from what the spec and templates produce.',
  'generated-hand-edit': 'A generated file was edited by hand.',
  'pin-into-unmarked-unit':
    'A citation pins a revision (rN) of a heading unit that declares no kind/revision line.',
  'stale-exclude': 'A spec exclusion pattern matches no file any more; delete it.',
  'nothing-cited': 'The scan found no citation at all in the globs it searched.',
  'document-uncited': 'A spec with facts that need evidence is not cited anywhere in the globs searched.',
  'baseline-gone': 'A finding recorded in the baseline no longer occurs; refresh the baseline.',
};

export class FindingCollector {
  readonly findings: Finding[] = [];

  add(finding: Omit<Finding, 'severity'> & { severity?: Severity }): void {
    const severity = finding.severity ?? RULE_SEVERITY[finding.rule] ?? 'error';
    const out: Finding = {
      rule: finding.rule as RuleId,
      severity,
      ...(finding.fact !== undefined ? { fact: finding.fact } : {}),
      file: finding.file,
      line: finding.line,
      column: finding.column,
      message: finding.message,
      ...(finding.fix !== undefined ? { fix: finding.fix } : {}),
    };
    this.findings.push(out);
  }

  sorted(): Finding[] {
    return [...this.findings].sort(compareFindings);
  }
}

function cmp(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareFindings(a: Finding, b: Finding): number {
  return (
    cmp(a.file, b.file) ||
    cmp(a.line, b.line) ||
    cmp(a.column, b.column) ||
    cmp(a.rule, b.rule) ||
    cmp(a.fact ?? '', b.fact ?? '') ||
    cmp(a.message, b.message)
  );
}

export function countSeverities(findings: Finding[]): Summary['findings'] {
  const out = { error: 0, warning: 0, info: 0 };
  for (const f of findings) out[f.severity]++;
  return out;
}
