/**
 * The spec-values handle a TypeScript template imports: `spec.value('ID',
 * 'TYPE', 'NAME')` and `spec.codes({ prefix })` are placeholders `gen`
 * replaces with literals (generator/render/code-template.ts), so the template
 * is a module that compiles, lints and runs as it stands. Run directly (a
 * template under test), the handle answers with the same values `gen` would
 * write, read from the project's generating specs on first use; a value the
 * spec cannot give throws with the reason `gen` would report.
 */
import { resolve } from 'node:path';
import { type Scalar, TemplateFacts, ValueTypes } from '../../generator/render/index.ts';
import { loadConfig } from '../config/load.ts';
import { loadGenerationInput } from './input.ts';

/** The value each built-in type gives; a project's own types (`generate.valueTypes`) give any scalar. */
export interface SpecValueTypes {
  revision: string;
  'jsonrpc-code': number;
  method: string;
  integer: number;
  number: number;
  boolean: boolean;
  bytes: number;
  string: string;
}

type ValueOf<T extends string> = T extends keyof SpecValueTypes
  ? SpecValueTypes[T]
  : string | number | boolean;

/** What `spec.codes` selects: the facts `{{#each (facts …)}}` would, by id prefix and/or section anchor. */
export interface FactFilter {
  prefix?: string;
  section?: string;
}

/** The handle's module name: `gen` drops the template's import of it (`template-spec.ts`, `.js`, or bare). */
export const HANDLE_MODULE = 'template-spec';

let loaded: TemplateFacts | undefined;

/** The generating specs of the project at or above the working directory, read once. */
function facts(): TemplateFacts {
  if (loaded) return loaded;
  const input = loadGenerationInput(loadConfig(resolve(process.cwd())));
  loaded = new TemplateFacts(input.spec, input.moreSpecs, input.specSources, {
    types: new ValueTypes(input.valueTypes),
  });
  return loaded;
}

function jsValue(v: Scalar): string | number | boolean {
  return v.kind === 'integer' || v.kind === 'number' ? Number(v.value) : v.value;
}

// @implements generator#TS-TEMPLATE-PLACEHOLDERS
export const spec = {
  /** The fact's code span of `type` (the one named `name`, when given): `gen` writes it as a literal here. */
  value<T extends string>(id: string, type: T, name?: string): ValueOf<T> {
    const outcome = facts().value(id, name === undefined ? { type } : { type, name }, 'spec.value');
    if (!outcome.ok) throw new Error(`${outcome.message}${outcome.fix ? ` (fix: ${outcome.fix})` : ''}`);
    return jsValue(outcome.value) as ValueOf<T>;
  },
  /** Every code span of the matching facts, in spec order: `gen` writes the array literal here. */
  codes(filter: FactFilter): readonly string[] {
    const outcome = facts().facts({ ...filter });
    if (!outcome.ok) throw new Error(outcome.message);
    return outcome.value.flatMap((f) => f.codes);
  },
};
