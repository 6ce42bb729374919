/**
 * The generator's drift as gate findings: render reports what differs in
 * its own terms, and only the CLI (which may import both sides) names the
 * checker's rule ids, so `factline gen --check` and `factline check` report
 * the same findings.
 */
import type { Finding } from '../../checks/model.ts';
import { generatedDrift } from '../../checks/rules/generated-drift.ts';
import { generatedHandEdit } from '../../checks/rules/generated-hand-edit.ts';
import { unknownFact } from '../../checks/rules/unknown-fact.ts';
import { RULES } from '../../checks/rules.ts';
import {
  type DriftRecord,
  driftRecords,
  type GenerationInput,
  generationDrift,
  type Plan,
} from '../../generator/render/index.ts';

/** `unknown-fact` keeps the gate's own rule; every other generator error is drift. */
// @implements generator#GEN-CHECK-REPORTS-EVERY-DRIFT
export function findingOf(record: DriftRecord): Finding {
  const rule =
    record.kind === 'hand-edit'
      ? generatedHandEdit.id
      : record.kind === 'error' && record.code === unknownFact.id
        ? unknownFact.id
        : generatedDrift.id;
  const finding: Finding = {
    rule,
    severity: RULES[rule].severity,
    file: record.file,
    line: record.line,
    column: record.column,
    message:
      record.kind === 'error' && rule !== record.code ? `${record.code}: ${record.message}` : record.message,
  };
  if (record.fix !== undefined) finding.fix = record.fix;
  return finding;
}

/** The findings of one plan (what `factline gen --check` prints). */
export function driftFindings(plan: Plan): Finding[] {
  return driftRecords(plan).map(findingOf);
}

/** The gate's entry: findings for one generation input, no file system involved. */
export function generationFindings(input: GenerationInput): Finding[] {
  return generationDrift(input).map(findingOf);
}
