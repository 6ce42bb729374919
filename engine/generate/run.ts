/**
 * `gen` as the engine runs it: plan from what is on disk, then compare
 * (--check) or write. Returns what happened as records; the CLI prints them.
 */
import { resolve } from 'node:path';
import type { Finding } from '../../checks/model.ts';
import { generatedDrift } from '../../checks/rules/generated-drift.ts';
import { generatedHandEdit } from '../../checks/rules/generated-hand-edit.ts';
import { conflicts, type GenError, pendingChanges, planGeneration } from '../../generator/render/index.ts';
import { type FactlineConfig, generatingSpecs } from '../config/model.ts';
import { UsageError } from '../errors.ts';
import { removeStaleTemps, WriteError } from '../files/atomic-write.ts';
import { inputGlobs, refuseOverwritingInputs, runInputs } from '../files/output-guard.ts';
import { applyChanges } from './apply.ts';
import { driftFindings } from './drift.ts';
import { loadGenerationInput } from './input.ts';
import { runOutputCommands } from './output-commands.ts';
import { typecheckOutputs } from './template-typecheck.ts';

/** The two steps `gen` runs between reading and writing, for the benchmark that times them alone. */
export { applyChanges, loadGenerationInput };

/** The environment the language tools (python3, rustc, gofmt) are found in. */
export type ToolEnv = Readonly<Record<string, string | undefined>>;

/** `gen --check`: every difference between what is generated and what is on disk, and how many outputs there are. */
export function checkGeneration(config: FactlineConfig): { findings: Finding[]; outputs: number } {
  const plan = planGeneration(loadGenerationInput(config));
  return { findings: driftFindings(plan), outputs: plan.outputs.length };
}

/** A change `gen` refused to make, with the rule it reports under and the fix. */
export interface Refusal {
  path: string;
  line: number;
  rule: typeof generatedHandEdit.id | typeof generatedDrift.id;
  message: string;
  fix: string;
}

export type GenerationOutcome = (
  | { kind: 'errors'; errors: GenError[] }
  | { kind: 'refused'; refusals: Refusal[] }
  | {
      kind: 'written';
      writes: { path: string; action: 'create' | 'update' }[];
      deletes: { path: string; template: string }[];
      unchanged: number;
    }
) & {
  /** Output checks skipped because their tool is not installed. */
  notes: string[];
};

/** One generation pass: nothing is written when a template errs or (without `force`) a hand edit would be lost. */
// @implements generator#GEN-HAND-EDITS-ARE-REFUSED
// @implements generator#GEN-SPEC-EDIT-CHANGES-THE-SERVER
export function generate(
  config: FactlineConfig,
  options: { force: boolean; env: ToolEnv },
): GenerationOutcome {
  const plan = planGeneration(loadGenerationInput(config));
  // A killed run's temp files go first, whatever this run writes.
  removeStaleTemps(resolve(config.root, config.generate.out), true);
  if (plan.errors.length > 0) return { kind: 'errors', errors: plan.errors, notes: [] };
  // Python, Rust and Go outputs are compiled by their own tools before anything is written.
  const compiled = runOutputCommands(
    plan.outputs.filter((o) => o.action !== 'unchanged'),
    options.env,
  );
  const notes = compiled.notes;
  if (compiled.errors.length > 0) return { kind: 'errors', errors: compiled.errors, notes };
  const refused = options.force ? [] : conflicts(plan);
  if (refused.length > 0) {
    return {
      notes,
      kind: 'refused',
      refusals: refused.map((r) => {
        const handEdited = r.conflict === 'hand-edited';
        return {
          path: r.path,
          line: r.line ?? 1,
          rule: handEdited ? generatedHandEdit.id : generatedDrift.id,
          message: handEdited
            ? `${r.path} was edited by hand (its body no longer matches its body-sha256${r.line ? `; first changed line ${r.line}` : ''}); refusing to overwrite it`
            : `${r.path} is not a generated file, but ${r.template} renders to it; refusing to overwrite it`,
          fix: handEdited
            ? `move the change into ${r.template} or ${generatingSpecs(config).join(' / ')}, then run \`factline gen --force\``
            : 'move the file away, or run `factline gen --force` to replace it',
        };
      }),
    };
  }
  const { writes, deletes } = pendingChanges(plan);
  refuseOverwritingInputs(
    config.root,
    writes.map((w) => ({ role: 'generated file', path: w.path })),
    [
      ...runInputs(config),
      ...generatingSpecs(config).map((path) => ({ role: 'spec', path: resolve(config.root, path) })),
    ],
    {
      ...inputGlobs(config),
      patterns: inputGlobs(config).patterns.filter((g) => g.role === 'spec' || g.role === 'template'),
    },
  );
  try {
    applyChanges(config.root, writes, deletes);
  } catch (error) {
    if (error instanceof WriteError) throw new UsageError(error.message);
    throw error;
  }
  return {
    notes,
    kind: 'written',
    writes: writes.map((w) => ({ path: w.path, action: w.action === 'create' ? 'create' : 'update' })),
    deletes: deletes.map((d) => ({ path: d.path, template: d.template })),
    unchanged: plan.outputs.length - writes.length,
  };
}

/** `gen --check-templates`: every output checked as code (TypeScript type-checked), nothing written. */
export function checkTemplates(
  config: FactlineConfig,
  env: ToolEnv,
): { errors: GenError[]; notes: string[]; outputs: number } {
  const plan = planGeneration(loadGenerationInput(config));
  if (plan.errors.length > 0) return { errors: plan.errors, notes: [], outputs: plan.outputs.length };
  const compiled = runOutputCommands(plan.outputs, env);
  const typed = typecheckOutputs(config.root, plan.outputs);
  return { errors: [...compiled.errors, ...typed], notes: compiled.notes, outputs: plan.outputs.length };
}
