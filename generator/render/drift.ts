/**
 * Drift as records: every reason the generated files differ from what the
 * spec and templates produce now, in the render stage's own terms. The CLI
 * turns them into the gate's findings (`engine/generate/drift.ts`), so
 * render never depends on the checker.
 */
import { planGeneration } from './plan.ts';
import type { DriftRecord, GenerationInput, Plan } from './types.ts';

// @implements generator#GEN-CHECK-REPORTS-EVERY-DRIFT
export function driftRecords(plan: Plan): DriftRecord[] {
  const findings: DriftRecord[] = [];
  for (const e of plan.errors) {
    const record: DriftRecord = {
      kind: 'error',
      code: e.code,
      file: e.file,
      line: e.line,
      column: e.column,
      message: e.message,
    };
    if (e.fix !== undefined) record.fix = e.fix;
    findings.push(record);
  }
  for (const o of plan.outputs) {
    if (o.conflict === 'hand-edited') {
      findings.push({
        kind: 'hand-edit',
        file: o.path,
        line: o.firstChangedLine ?? 1,
        column: 1,
        message: `${o.path} was edited by hand: its body no longer matches its body-sha256${o.firstChangedLine ? ` (first changed line: ${o.firstChangedLine})` : ''}`,
        fix: `move the change into ${o.template} or the spec, then run \`factline gen --force\``,
      });
    } else if (o.conflict === 'foreign') {
      findings.push({
        kind: 'drift',
        file: o.path,
        line: 1,
        column: 1,
        message: `${o.path} is not a generated file but ${o.template} renders to it`,
        fix: `move the file away or rename the template, then run \`factline gen\``,
      });
    } else if (o.action !== 'unchanged') {
      findings.push({
        kind: 'drift',
        file: o.path,
        line: 1,
        column: 1,
        message:
          o.action === 'create'
            ? `${o.path} is missing (rendered from ${o.template})`
            : `${o.path} is out of date with the spec or ${o.template}`,
        fix: 'run `factline gen` and commit the result',
      });
    }
  }
  for (const d of plan.deletes) {
    findings.push({
      kind: d.conflict === 'hand-edited' ? 'hand-edit' : 'drift',
      file: d.path,
      line: 1,
      column: 1,
      message: `${d.path} is orphaned: its template ${d.template} is gone${d.conflict ? ' (and it was edited by hand)' : ''}`,
      fix: d.conflict ? 'run `factline gen --force` to delete it' : 'run `factline gen` to delete it',
    });
  }
  return findings.sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column,
  );
}

/** Drift records for one generation input, no file system involved. */
export function generationDrift(input: GenerationInput): DriftRecord[] {
  return driftRecords(planGeneration(input));
}
