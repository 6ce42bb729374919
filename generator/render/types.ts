/**
 * The render stage's data: what goes in (a parsed spec, template texts, the
 * outputs already on disk) and what comes out (a plan of writes, deletes and
 * errors). Nothing here touches the file system.
 */
import type { SpecDocument } from '../../reader/model.ts';
import type { OutputCheck } from './languages/types.ts';
import type { DeclaredType } from './value-types.ts';

/** A file as text with its repo-relative, forward-slash path. */
export interface SourceText {
  path: string;
  text: string;
}

export const GEN_ERROR_CODES = [
  'unknown-fact',
  'missing-value',
  'ambiguous-value',
  'invalid-value',
  'unknown-section',
  'no-matching-facts',
  'bad-helper-call',
  'template-syntax',
  'template-runtime',
  'broken-output',
  'forbidden-import',
  'spec-error',
  'unsupported-template',
  'unsafe-interpolation',
  'unescaped-output',
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
  /** The main spec: named in a header when a template uses no fact. */
  spec: SpecDocument;
  /** Further specs whose facts the templates may use (a bare id resolves in the main spec first). */
  moreSpecs?: SpecDocument[];
  /** Each spec's text by file, so a bad value's error names its line and column (else the fact's anchor). */
  specSources?: Record<string, string>;
  /** Repo-relative directory of the templates, e.g. `templates`. */
  templatesDir: string;
  /** Repo-relative output directory, e.g. `generated`. */
  outDir: string;
  templates: SourceText[];
  /** Every file currently under `outDir` (generated or not). */
  existing: SourceText[];
  /** The project's `spec://` namespace: Rust then cites with `#[spec(implements = "spec://…")]`. */
  namespace?: string;
  /** Value types the project declares in its config, beside the built-in ones. */
  valueTypes?: DeclaredType[];
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
  /** For a hand-edited file: the first line (1-based) where it differs from what gen renders now. */
  firstChangedLine?: number;
  /** How the output's language is checked (the engine runs the compilers: python, rust, go). */
  check?: OutputCheck;
  /** For each line of `text`, the template line it came from (0: the header). */
  templateLines?: number[];
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
