/**
 * A JSON Schema checker for the small subset tool schemas use: `type`,
 * `properties`, `required`, `additionalProperties`, `enum`, `items`, local
 * `$ref` into `$defs`, and annotations. The core keeps koffi as its only
 * runtime dependency, so it carries this instead of a validator library; the
 * tests hold its verdicts against ajv's over many generated cases. A schema
 * using other keywords is checked by the validator a consumer installs
 * (`useSchemaValidator`), or those keywords are not checked.
 */
import { spec } from '../engine/generate/template-spec.ts';

// @implements mcp-revisions#VALIDATOR-IS-A-SMALL-SUBSET
const CHECKED = new Set(['type', 'properties', 'required', 'additionalProperties', 'enum', 'items']);
/** Keywords that describe without constraining: ignored by the check, as by any validator. */
const ANNOTATIONS = new Set([
  '$schema',
  '$id',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);
// @implements mcp-features#SCHEMA-LOCAL-REFS-ARE-CHECKED
/** Keywords that hold schemas for `$ref` to point at: walked, never applied where they stand. */
const CONTAINERS = new Set(['$defs', 'definitions']);
/** `$ref` hops while checking one value, past which a schema is taken as a loop. */
const MAX_REF_HOPS = spec.value('SCHEMA-LOCAL-REFS-ARE-CHECKED', 'integer', 'max-hops');
const TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

/** A schema as JSON gives it: an object, or `true` / `false`. */
export type Schema = boolean | Record<string, unknown>;

const NOT_CHECKED = 'is not checked';

/** Checks values against a schema: every way `value` breaks it, as `place: problem` lines. */
export type SchemaValidator = (value: unknown) => string[];

// @implements mcp-features#SCHEMA-VALIDATOR-CHECKS-THE-REST
let compileInstalled: ((schema: Schema) => SchemaValidator) | undefined;
const compiledOf = new WeakMap<object, SchemaValidator>();
const partialOf = new WeakMap<object, boolean>();

/**
 * Installs the validator that checks schemas using keywords this checker does
 * not know (ajv with the 2020-12 dialect, say): from now on such a schema is
 * checked whole by it. `undefined` uninstalls it.
 */
export function useSchemaValidator(compile: ((schema: Schema) => SchemaValidator) | undefined): void {
  compileInstalled = compile;
}

/**
 * What in `schema` is malformed (an unknown type, a `$ref` that points
 * nowhere, a misshapen keyword), as `path: problem` lines: `unsupportedKeywords`
 * less the keywords that are merely not checked here.
 */
export function malformedSchema(schema: unknown): string[] {
  return unsupportedKeywords(schema).filter((line) => !line.includes(NOT_CHECKED));
}

/** Whether `schema` uses keywords this checker leaves unchecked (remembered per schema object). */
function isPartial(schema: Record<string, unknown>): boolean {
  let partial = partialOf.get(schema);
  if (partial === undefined) {
    partial = unsupportedKeywords(schema).length > 0;
    partialOf.set(schema, partial);
  }
  return partial;
}

/**
 * What in `schema` this checker cannot check, as `path: problem` lines; empty
 * when every keyword is understood and well formed.
 */
export function unsupportedKeywords(schema: unknown, path = '#', root: unknown = schema): string[] {
  if (typeof schema === 'boolean') return [];
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return [`${path}: a schema must be an object or a boolean`];
  }
  const s = schema as Record<string, unknown>;
  const out: string[] = [];
  for (const key of Object.keys(s)) {
    if (key === '$ref' || CONTAINERS.has(key)) continue;
    if (!CHECKED.has(key) && !ANNOTATIONS.has(key)) {
      out.push(
        `${path}: keyword \`${key}\` ${NOT_CHECKED} (the core checks ${[...CHECKED].join(', ')}, and local $ref): install a validator to check it`,
      );
    }
  }
  for (const container of CONTAINERS) {
    const held = s[container];
    if (held === undefined) continue;
    if (held === null || typeof held !== 'object' || Array.isArray(held)) {
      out.push(`${path}/${container}: must be an object of schemas`);
      continue;
    }
    for (const [name, sub] of Object.entries(held)) {
      out.push(...unsupportedKeywords(sub, `${path}/${container}/${name}`, root));
    }
  }
  if (s.$ref !== undefined && (typeof s.$ref !== 'string' || resolveRef(root, s.$ref) === undefined)) {
    out.push(
      `${path}/$ref: ${JSON.stringify(s.$ref)} does not point into this schema (only local refs are checked)`,
    );
  }
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  for (const t of types) {
    if (typeof t !== 'string' || !TYPES.has(t)) out.push(`${path}/type: unknown type ${JSON.stringify(t)}`);
  }
  if (s.properties !== undefined) {
    if (s.properties === null || typeof s.properties !== 'object' || Array.isArray(s.properties)) {
      out.push(`${path}/properties: must be an object`);
    } else {
      for (const [name, sub] of Object.entries(s.properties)) {
        out.push(...unsupportedKeywords(sub, `${path}/properties/${name}`, root));
      }
    }
  }
  if (
    s.required !== undefined &&
    !(Array.isArray(s.required) && s.required.every((r) => typeof r === 'string'))
  ) {
    out.push(`${path}/required: must be an array of names`);
  }
  if (s.enum !== undefined && !Array.isArray(s.enum)) out.push(`${path}/enum: must be an array`);
  if (s.additionalProperties !== undefined) {
    out.push(...unsupportedKeywords(s.additionalProperties, `${path}/additionalProperties`, root));
  }
  if (s.items !== undefined) out.push(...unsupportedKeywords(s.items, `${path}/items`, root));
  return out;
}

/** The schema a local `$ref` (`#` or a JSON pointer `#/…`) names in `root`; undefined when none. */
function resolveRef(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    let step: string;
    try {
      step = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, step)) return undefined;
    at = (at as Record<string, unknown>)[step];
  }
  return typeof at === 'boolean' || (at !== null && typeof at === 'object' && !Array.isArray(at))
    ? at
    : undefined;
}

/**
 * Every way `value` breaks `schema`, as `place: problem` lines (the place a
 * JSON pointer into the value, `/` for the value itself); empty when it fits.
 * A schema with keywords this checker does not know goes to the installed
 * validator whole; without one, those keywords are not checked.
 */
export function schemaProblems(schema: Schema, value: unknown): string[] {
  if (compileInstalled !== undefined && typeof schema === 'object' && isPartial(schema)) {
    let validate = compiledOf.get(schema);
    if (validate === undefined) {
      validate = compileInstalled(schema);
      compiledOf.set(schema, validate);
    }
    return validate(value);
  }
  return problemsAt(schema, value, '', schema, 0);
}

function problemsAt(schema: Schema, value: unknown, place: string, root: Schema, hops: number): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${place || '/'}: no value is allowed here`];
  const out: string[] = [];
  const where = place || '/';
  if (typeof schema.$ref === 'string') {
    const target = resolveRef(root, schema.$ref) as Schema | undefined;
    if (target === undefined) out.push(`${where}: $ref ${JSON.stringify(schema.$ref)} does not resolve`);
    else if (hops >= MAX_REF_HOPS) out.push(`${where}: $ref ${JSON.stringify(schema.$ref)} loops`);
    else out.push(...problemsAt(target, value, place, root, hops + 1));
  }
  if (schema.type !== undefined) {
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as string[];
    if (!types.some((t) => hasType(value, t))) {
      out.push(`${where}: expected ${types.join(' or ')}, got ${typeName(value)}`);
      // The other keywords would only repeat the mismatch in other words.
      return out;
    }
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((allowed) => sameJson(allowed, value))) {
    out.push(`${where}: must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  }
  if (isObject(value)) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    if (Array.isArray(schema.required)) {
      for (const name of schema.required as string[]) {
        if (!Object.hasOwn(value, name)) out.push(`${place}/${name}: required field is missing`);
      }
    }
    for (const [name, item] of Object.entries(value)) {
      const declared = Object.hasOwn(properties, name);
      if (declared) out.push(...problemsAt(properties[name] as Schema, item, `${place}/${name}`, root, hops));
      else if (schema.additionalProperties === false) {
        const known = Object.keys(properties);
        out.push(
          `${place}/${name}: unknown field${known.length > 0 ? ` (known: ${known.join(', ')})` : ' (none are allowed)'}`,
        );
      } else if (schema.additionalProperties !== undefined) {
        out.push(...problemsAt(schema.additionalProperties as Schema, item, `${place}/${name}`, root, hops));
      }
    }
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    value.forEach((item, i) => {
      out.push(...problemsAt(schema.items as Schema, item, `${place}/${i}`, root, hops));
    });
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return false;
  }
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** JSON equality: the same value whatever the order of object keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]))
    );
  }
  return false;
}
