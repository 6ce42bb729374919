/**
 * A small structural type language for JSON that factline reads back from
 * disk (the config, the gate's caches). One description both validates a
 * value — naming the first wrong key path, with a did-you-mean for unknown
 * keys — and, for the config, is emitted as a JSON Schema file.
 */
import { nearestOne } from '../../reader/did-you-mean.ts';

export type Shape =
  | { type: 'string'; nonEmpty?: boolean; pattern?: RegExp }
  | { type: 'integer'; min?: number }
  | { type: 'boolean' }
  | { type: 'literal'; values: readonly (string | number)[] }
  | { type: 'array'; items: Shape }
  | { type: 'tuple'; items: Shape[]; minItems: number }
  | { type: 'object'; fields: Record<string, Field>; closed: boolean }
  | { type: 'record'; values: Shape }
  | { type: 'anyOf'; options: Shape[] }
  | { type: 'any' };

export interface Field {
  shape: Shape;
  optional?: boolean;
  /** What the key means (the JSON Schema `description`). */
  description?: string;
  /** The value used when the key is absent (the JSON Schema `default`). */
  default?: unknown;
}

/** Builders of shapes: `shapes.object({ root: shapes.string() })`. */
export const shapes = {
  string: (nonEmpty = false): Shape => ({ type: 'string', nonEmpty }),
  /** A string the whole of which `pattern` (anchored) matches. */
  matching: (pattern: RegExp): Shape => ({ type: 'string', nonEmpty: true, pattern }),
  integer: (min?: number): Shape => (min === undefined ? { type: 'integer' } : { type: 'integer', min }),
  boolean: (): Shape => ({ type: 'boolean' }),
  literal: (...values: (string | number)[]): Shape => ({ type: 'literal', values }),
  array: (items: Shape): Shape => ({ type: 'array', items }),
  tuple: (items: Shape[], minItems = items.length): Shape => ({ type: 'tuple', items, minItems }),
  object: (fields: Record<string, Field | Shape>, closed = true): Shape => ({
    type: 'object',
    closed,
    fields: Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, 'shape' in f ? f : { shape: f }])),
  }),
  record: (values: Shape): Shape => ({ type: 'record', values }),
  anyOf: (...options: Shape[]): Shape => ({ type: 'anyOf', options }),
  optional: (shape: Shape): Field => ({ shape, optional: true }),
  any: (): Shape => ({ type: 'any' }),
};

/** One problem: the key path (`generate.spec`, `entries["a.ts"][1][3]`) and what is wrong there. */
export interface ShapeProblem {
  path: string;
  message: string;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.slice(0, 40))}`;
  return `${typeof value} ${String(value)}`;
}

function expected(shape: Shape): string {
  switch (shape.type) {
    case 'string':
      if (shape.pattern !== undefined) return `a string matching ${shape.pattern}`;
      return shape.nonEmpty ? 'a non-empty string' : 'a string';
    case 'integer':
      return shape.min === undefined ? 'an integer' : `an integer ≥ ${shape.min}`;
    case 'boolean':
      return 'true or false';
    case 'literal':
      return `one of ${shape.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'array':
      return `an array of ${expected(shape.items).replace(/^an? /, '')}s`;
    case 'tuple':
      return `an array of ${shape.minItems}–${shape.items.length} items`;
    case 'object':
    case 'record':
      return 'an object';
    case 'anyOf':
      return shape.options.map(expected).join(' or ');
    case 'any':
      return 'any value';
  }
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
function child(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (IDENTIFIER.test(key)) return path === '' ? key : `${path}.${key}`;
  return `${path}[${JSON.stringify(key)}]`;
}

/**
 * Whether `value` has `shape`: the fast path of `checkShape`, with no
 * closure, path string or message built per value, so checking every row of
 * a 100,000-citation cache costs milliseconds, not seconds. Each shape is
 * compiled once into nested closures (`compileShape`): a warm run checks
 * every fact of its parsed specs, and walking the shape's description for
 * each of them cost three times as much.
 */
// @implements engine#CHEAP-VALIDATION
export function fitsShape(value: unknown, shape: Shape): boolean {
  return compileShape(shape)(value);
}

/** A compiled shape: whether a value has it. */
export type ShapeTest = (value: unknown) => boolean;

const compiledShapes = new WeakMap<Shape, ShapeTest>();

/** The shape's test, compiled on first use and kept for the shape object's life. */
// @implements engine#COMPILED-SHAPE-CHECK
export function compileShape(shape: Shape): ShapeTest {
  let test = compiledShapes.get(shape);
  if (test === undefined) {
    test = compileNow(shape);
    compiledShapes.set(shape, test);
  }
  return test;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function compileNow(shape: Shape): ShapeTest {
  switch (shape.type) {
    case 'string': {
      const { nonEmpty, pattern } = shape;
      if (pattern !== undefined)
        return (v) => typeof v === 'string' && (!nonEmpty || v !== '') && pattern.test(v);
      return nonEmpty ? (v) => typeof v === 'string' && v !== '' : (v) => typeof v === 'string';
    }
    case 'integer': {
      const { min } = shape;
      return min === undefined
        ? (v) => Number.isSafeInteger(v)
        : (v) => Number.isSafeInteger(v) && (v as number) >= min;
    }
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'literal': {
      const values = shape.values;
      return (v) => values.includes(v as string | number);
    }
    case 'array': {
      const item = compileShape(shape.items);
      return (v) => {
        if (!Array.isArray(v)) return false;
        for (let i = 0; i < v.length; i++) if (!item(v[i])) return false;
        return true;
      };
    }
    case 'tuple': {
      const items = shape.items.map(compileShape);
      const { minItems } = shape;
      return (v) => {
        if (!Array.isArray(v) || v.length < minItems || v.length > items.length) return false;
        for (let i = 0; i < v.length; i++) if (!items[i]!(v[i])) return false;
        return true;
      };
    }
    case 'record': {
      const values = compileShape(shape.values);
      return (v) => {
        if (!isObject(v)) return false;
        for (const key in v) if (Object.hasOwn(v, key) && !values(v[key])) return false;
        return true;
      };
    }
    case 'object': {
      const { fields, closed } = shape;
      const keys = Object.keys(fields);
      const tests = keys.map((key) => compileShape(fields[key]!.shape));
      const optional = keys.map((key) => fields[key]!.optional === true);
      return (v) => {
        if (!isObject(v)) return false;
        if (closed) for (const key in v) if (!Object.hasOwn(fields, key)) return false;
        for (let i = 0; i < keys.length; i++) {
          const key = keys[i]!;
          const field = v[key];
          if (field === undefined && !Object.hasOwn(v, key)) {
            if (optional[i]) continue;
            return false;
          }
          if (!tests[i]!(field)) return false;
        }
        return true;
      };
    }
    case 'anyOf': {
      const options = shape.options.map(compileShape);
      return (v) => {
        for (const option of options) if (option(v)) return true;
        return false;
      };
    }
    case 'any':
      return () => true;
  }
}

/** The first place where `value` does not have `shape`, or undefined when it does. */
export function checkShape(value: unknown, shape: Shape, path = ''): ShapeProblem | undefined {
  return fitsShape(value, shape) ? undefined : explainShape(value, shape, path);
}

/**
 * Where and why `value` does not fit: the slow path, taken only once
 * something is wrong. It decides by itself, never through `fitsShape`, so
 * it is also the reference the compiled check is tested against.
 */
export function explainShape(value: unknown, shape: Shape, path: string): ShapeProblem | undefined {
  const wrong = (): ShapeProblem => ({
    path,
    message: `must be ${expected(shape)}, not ${describeValue(value)}`,
  });
  switch (shape.type) {
    case 'string':
      return typeof value === 'string' &&
        (!shape.nonEmpty || value !== '') &&
        (shape.pattern === undefined || shape.pattern.test(value))
        ? undefined
        : wrong();
    case 'integer':
      return Number.isSafeInteger(value) && (shape.min === undefined || (value as number) >= shape.min)
        ? undefined
        : wrong();
    case 'boolean':
      return typeof value === 'boolean' ? undefined : wrong();
    case 'literal':
      return shape.values.includes(value as string | number) ? undefined : wrong();
    case 'array':
    case 'tuple': {
      if (!Array.isArray(value)) return wrong();
      if (shape.type === 'tuple' && (value.length < shape.minItems || value.length > shape.items.length)) {
        return wrong();
      }
      for (let i = 0; i < value.length; i++) {
        const itemShape = shape.type === 'array' ? shape.items : shape.items[i]!;
        const problem = explainShape(value[i], itemShape, child(path, i));
        if (problem) return problem;
      }
      return undefined;
    }
    case 'object':
    case 'record': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return wrong();
      const record = value as Record<string, unknown>;
      if (shape.type === 'record') {
        for (const key of Object.keys(record)) {
          const problem = explainShape(record[key], shape.values, child(path, key));
          if (problem) return problem;
        }
        return undefined;
      }
      const known = Object.keys(shape.fields);
      for (const key of Object.keys(record)) {
        if (Object.hasOwn(shape.fields, key)) continue;
        if (!shape.closed) continue;
        const near = nearestOne(key, known);
        return {
          path: child(path, key),
          message: `is not a known key${near ? `; did you mean \`${near}\`?` : ''} (known here: ${known.join(', ')})`,
        };
      }
      for (const [key, field] of Object.entries(shape.fields)) {
        const v = record[key];
        if (v === undefined && !Object.hasOwn(record, key)) {
          if (field.optional) continue;
          return { path: child(path, key), message: `is missing: it must be ${expected(field.shape)}` };
        }
        const problem = explainShape(v, field.shape, child(path, key));
        if (problem) return problem;
      }
      return undefined;
    }
    case 'anyOf':
      return shape.options.some((o) => explainShape(value, o, path) === undefined) ? undefined : wrong();
    case 'any':
      return undefined;
  }
}
