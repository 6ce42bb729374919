/**
 * The drift gate as findings: what `factline gen --check` reports and what
 * `factline check` can fold into its own result.
 */
import type { Finding } from '../../checks/model.ts';
import { planGeneration } from './plan.ts';
import type { GenerationInput, Plan } from './types.ts';

// @implements factline#GEN-CHECK-REPORTS-EVERY-DRIFT
export function driftFindings(plan: Plan): Finding[] {
  const findings: Finding[] = [];
  for (const e of plan.errors) {
    const rule = e.code === 'unknown-fact' ? 'unknown-fact' : 'generated-drift';
    const finding: Finding = {
      rule,
      severity: 'error',
      file: e.file,
      line: e.line,
      column: e.column,
      message: rule === e.code ? e.message : `${e.code}: ${e.message}`,
    };
    if (e.fix !== undefined) finding.fix = e.fix;
    findings.push(finding);
  }
  for (const o of plan.outputs) {
    if (o.conflict === 'hand-edited') {
      findings.push({
        rule: 'generated-hand-edit',
        severity: 'error',
        file: o.path,
        line: 1,
        column: 1,
        message: `${o.path} was edited by hand: its body no longer matches its body-sha256`,
        fix: `move the change into ${o.template} or the spec, then run \`factline gen --force\``,
      });
    } else if (o.conflict === 'foreign') {
      findings.push({
        rule: 'generated-drift',
        severity: 'error',
        file: o.path,
        line: 1,
        column: 1,
        message: `${o.path} is not a generated file but ${o.template} renders to it`,
        fix: `move the file away or rename the template, then run \`factline gen\``,
      });
    } else if (o.action !== 'unchanged') {
      findings.push({
        rule: 'generated-drift',
        severity: 'error',
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
      rule: d.conflict === 'hand-edited' ? 'generated-hand-edit' : 'generated-drift',
      severity: 'error',
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

/** The gate's entry: findings for one generation input, no file system involved. */
export function generationFindings(input: GenerationInput): Finding[] {
  return driftFindings(planGeneration(input));
}
