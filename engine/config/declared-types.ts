/**
 * The value types a project declares under `generate.valueTypes`, checked
 * and compiled for the renderer: each is a pattern, a range, an enum or a
 * JSON Schema (compiled here with Ajv, so the renderer gets a function).
 * Every problem names the key path and the fix.
 */
import { createRequire } from 'node:module';
import type { Ajv } from 'ajv';
import type { DeclaredType } from '../../generator/render/value-types.ts';
import { VALUE_TYPES } from '../../generator/render/value-types.ts';

const FORMS = ['pattern', 'range', 'enum', 'schema'] as const;

export interface DeclaredTypes {
  types: DeclaredType[];
  /** `generate.valueTypes.NAME…: problem`, one per mistake. */
  problems: string[];
}

// @implements generator#DECLARED-VALUE-TYPES
export function compileDeclaredTypes(raw: Record<string, unknown> | undefined): DeclaredTypes {
  const types: DeclaredType[] = [];
  const problems: string[] = [];
  // Ajv only for a `schema` type: loading it cost every `check` of a project with attributes ~15 ms.
  let ajv: Ajv | undefined;
  const compiler = (): Ajv => {
    ajv ??= new (createRequire(import.meta.url)('ajv') as typeof import('ajv')).Ajv({
      allErrors: false,
      strict: true,
    });
    return ajv;
  };
  for (const [name, def] of Object.entries(raw ?? {})) {
    const at = `generate.valueTypes.${name}`;
    const problem = (message: string) => problems.push(`\`${at}\` ${message}`);
    if (!/^[a-z][a-z0-9-]*$/.test(name)) {
      problem('is not a type name: use lower-kebab letters, digits and dashes');
      continue;
    }
    if (VALUE_TYPES.includes(name)) {
      problem(`redefines the built-in type \`${name}\`: pick another name`);
      continue;
    }
    if (def === null || typeof def !== 'object' || Array.isArray(def)) {
      problem('must be an object with one of pattern, range, enum, schema');
      continue;
    }
    const d = def as Record<string, unknown>;
    const forms = FORMS.filter((f) => d[f] !== undefined);
    if (forms.length !== 1) {
      problem(
        `needs exactly one of ${FORMS.join(', ')}${forms.length > 1 ? ` (has ${forms.join(' and ')})` : ''}`,
      );
      continue;
    }
    const example = typeof d.example === 'string' ? { example: d.example } : {};
    const form = forms[0]!;
    if (form === 'pattern') {
      if (typeof d.pattern !== 'string') {
        problem('.pattern must be a regular expression as a string');
        continue;
      }
      try {
        new RegExp(d.pattern, 'u');
      } catch (error) {
        problem(`.pattern is not a valid regular expression: ${(error as Error).message}`);
        continue;
      }
      types.push({ name, pattern: d.pattern, ...example });
    } else if (form === 'range') {
      const r = d.range;
      if (
        !Array.isArray(r) ||
        r.length !== 2 ||
        !r.every((n) => typeof n === 'number' && Number.isFinite(n)) ||
        r[0] > r[1]
      ) {
        problem('.range must be [MIN, MAX], two numbers with MIN ≤ MAX');
        continue;
      }
      types.push({ name, range: [r[0], r[1]] as [number, number], ...example });
    } else if (form === 'enum') {
      const e = d.enum;
      if (
        !Array.isArray(e) ||
        e.length === 0 ||
        !e.every((v) => ['string', 'number', 'boolean'].includes(typeof v))
      ) {
        problem('.enum must be a non-empty list of strings, numbers or booleans');
        continue;
      }
      types.push({ name, enum: e as (string | number | boolean)[], ...example });
    } else {
      const schema = d.schema;
      if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
        problem('.schema must be a JSON Schema object');
        continue;
      }
      const t = (schema as { type?: unknown }).type;
      if (t !== undefined && !['string', 'integer', 'number', 'boolean'].includes(t as string)) {
        problem(
          `.schema describes ${JSON.stringify(t)}: a value type is one string, number, integer or boolean`,
        );
        continue;
      }
      let validate: ReturnType<Ajv['compile']>;
      try {
        validate = compiler().compile(schema);
      } catch (error) {
        problem(`.schema does not compile: ${(error as Error).message}`);
        continue;
      }
      types.push({
        name,
        schema: schema as { type?: unknown },
        validate: (value) =>
          validate(value)
            ? undefined
            : (validate.errors ?? []).map((e) => `${e.instancePath || 'value'} ${e.message}`).join('; '),
        ...example,
      });
    }
  }
  return { types, problems };
}
