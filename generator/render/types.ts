/**
 * The render stage's data: what goes in (a parsed spec, template texts, the
 * outputs already on disk) and what comes out (a plan of writes, deletes and
 * errors). Nothing here touches the file system.
 */
import type { SpecDocument } from '../../reader/model.ts';

/** A file as text with its repo-relative, forward-slash path. */
export interface SourceText {
  path: string;
  text: string;
}

export const GEN_ERROR_CODES = [
  'unknown-fact',
  'missing-value',
  'unknown-section',
  'no-matching-facts',
  'bad-helper-call',
  'template-syntax',
  'template-runtime',
  'broken-output',
  'forbidden-import',
  'spec-error',
  'unsupported-template',
] as const;
export type GenErrorCode = (typeof GEN_ERROR_CODES)[number];

/** One reason the generator cannot produce its outputs, at a place in a template or spec. */
export interface GenError {
  code: GenErrorCode;
  file: string;
  line: number;
  column: number;
  message: string;
  fix?: string;
}

export interface GenerationInput {
  spec: SpecDocument;
  /**
   * Every spec the templates read values from, `spec` among them; absent
   * means `spec` alone. A fact id names one fact across all of them.
   */
  specs?: SpecDocument[];
  /** Repo-relative directory of the templates, e.g. `templates`. */
  templatesDir: string;
  /** Repo-relative output directory, e.g. `generated`. */
  outDir: string;
  templates: SourceText[];
  /** Every file currently under `outDir` (generated or not). */
  existing: SourceText[];
}

/**
 * `hand-edited`: a generated file whose body no longer matches its recorded
 * digest. `foreign`: a file without the generated header where an output goes.
 */
export type Conflict = 'hand-edited' | 'foreign';

export interface PlannedOutput {
  path: string;
  template: string;
  text: string;
  action: 'create' | 'update' | 'unchanged';
  conflict?: Conflict;
}

export interface PlannedDelete {
  path: string;
  /** The template its header names (now gone). */
  template: string;
  conflict?: Conflict;
}

export interface Plan {
  outputs: PlannedOutput[];
  deletes: PlannedDelete[];
  errors: GenError[];
}

/**
 * One reason the generated files are not what the spec and templates make
 * now, in the render stage's own terms (the gate turns these into its
 * findings): `error` the generator cannot render (`code` says why),
 * `drift` an output missing, out of date, foreign or orphaned,
 * `hand-edit` a generated file edited by hand.
 */
export interface DriftRecord {
  kind: 'error' | 'drift' | 'hand-edit';
  /** For `error`: the generator's error code. */
  code?: GenErrorCode;
  file: string;
  line: number;
  column: number;
  message: string;
  fix?: string;
}
