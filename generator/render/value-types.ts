/**
 * Value types: what a `{{value "ID" type="TYPE"}}` span must look like and
 * the typed value it stands for (a language writes the literal). The general
 * types are built in; MCP's (`revision`, `jsonrpc-code`, `method`) are a
 * preset; a project declares its own in the config as a pattern, a range,
 * an enum or a JSON Schema. Pure: a schema arrives compiled, as a function.
 */
import type { Scalar } from './languages/types.ts';

export type Checked = { ok: true; value: Scalar } | { ok: false; why: string; example: string };

export interface ValueType {
  name: string;
  check(text: string): Checked;
  /** Text probably meant as a value of this type though it is not a valid one (a near miss). */
  resembles?(text: string): boolean;
}

const integerText = (text: string): string | undefined => {
  if (!/^[-+]?\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? String(n) : undefined;
};
const numberText = (text: string): string | undefined =>
  /^[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?$/.test(text) && Number.isFinite(Number(text))
    ? String(Number(text))
    : undefined;
const looksNumeric = (text: string) => /^[-+]?\d/.test(text);

const str = (value: string): Checked => ({ ok: true, value: { kind: 'string', value } });
const int = (value: string): Checked => ({ ok: true, value: { kind: 'integer', value } });

const BYTE_UNITS: Record<string, number> = {
  B: 1,
  KB: 1000,
  KiB: 1024,
  MB: 1000 ** 2,
  MiB: 1024 ** 2,
  GB: 1000 ** 3,
  GiB: 1024 ** 3,
};

export const GENERAL_TYPES: readonly ValueType[] = [
  {
    name: 'integer',
    check: (t) =>
      integerText(t) !== undefined
        ? int(integerText(t)!)
        : { ok: false, why: 'is not a whole number', example: '42' },
    resembles: looksNumeric,
  },
  {
    name: 'number',
    check: (t) =>
      numberText(t) !== undefined
        ? { ok: true, value: { kind: 'number', value: numberText(t)! } }
        : { ok: false, why: 'is not a decimal number', example: '0.5' },
    resembles: looksNumeric,
  },
  {
    name: 'boolean',
    check: (t) =>
      t === 'true' || t === 'false'
        ? { ok: true, value: { kind: 'boolean', value: t === 'true' } }
        : { ok: false, why: 'is not `true` or `false`', example: 'true' },
  },
  {
    name: 'bytes',
    check(t) {
      const m = /^(\d+)(?: ?(B|KB|KiB|MB|MiB|GB|GiB))?$/.exec(t);
      const n = m ? Number(m[1]) * (BYTE_UNITS[m[2] ?? 'B'] ?? 1) : Number.NaN;
      return Number.isSafeInteger(n)
        ? int(String(n))
        : {
            ok: false,
            why: 'is not a byte count (a whole number, optionally with B, KB, KiB, MB, MiB, GB or GiB)',
            example: '1 MiB',
          };
    },
    resembles: looksNumeric,
  },
  { name: 'string', check: str },
];

function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const JSONRPC_RESERVED = { min: -32768, max: -32000 };

/** The MCP preset. */
export const MCP_TYPES: readonly ValueType[] = [
  {
    name: 'revision',
    check: (t) =>
      isCalendarDate(t)
        ? str(t)
        : { ok: false, why: 'is not a calendar date YYYY-MM-DD', example: '2024-11-05' },
    resembles: (t) => /\d{4}-\d{2}-\d{2}/.test(t),
  },
  {
    name: 'jsonrpc-code',
    check(t) {
      const n = integerText(t);
      return n !== undefined && Number(n) >= JSONRPC_RESERVED.min && Number(n) <= JSONRPC_RESERVED.max
        ? int(n)
        : {
            ok: false,
            why: `is not an integer in JSON-RPC's reserved range ${JSONRPC_RESERVED.min}..${JSONRPC_RESERVED.max}`,
            example: '-32700',
          };
    },
    resembles: looksNumeric,
  },
  {
    name: 'method',
    check: (t) =>
      /^[A-Za-z_$][\w$.-]*(?:\/[A-Za-z_$][\w$.-]*)*$/.test(t)
        ? str(t)
        : {
            ok: false,
            why: 'is not a method name (path-like token such as `tools/call`)',
            example: 'tools/call',
          },
  },
];

/** The built-in type names, in the order the docs list them. */
export const VALUE_TYPES: readonly string[] = [...MCP_TYPES, ...GENERAL_TYPES].map((t) => t.name);

/**
 * A type declared in the config. Exactly one of pattern, range, enum, schema;
 * a schema arrives as a validator (`undefined` when valid, else why not) so
 * this module stays free of any JSON Schema engine.
 */
export type DeclaredType = { name: string; example?: string } & (
  | { pattern: string }
  | { range: readonly [number, number] }
  | { enum: readonly (string | number | boolean)[] }
  | { schema: { type?: unknown }; validate: (value: unknown) => string | undefined }
);

/** A declared type as a ValueType. The config loader has checked its shape. */
// @implements generator#DECLARED-VALUE-TYPES
export function declaredType(d: DeclaredType): ValueType {
  if ('pattern' in d) {
    const re = new RegExp(d.pattern, 'u');
    return {
      name: d.name,
      check: (t) =>
        re.test(t)
          ? str(t)
          : { ok: false, why: `does not match /${d.pattern}/`, example: d.example ?? 'a matching text' },
    };
  }
  if ('range' in d) {
    const [min, max] = d.range;
    const whole = Number.isInteger(min) && Number.isInteger(max);
    return {
      name: d.name,
      check(t) {
        const n = whole ? integerText(t) : numberText(t);
        if (n !== undefined && Number(n) >= min && Number(n) <= max) {
          return { ok: true, value: { kind: whole ? 'integer' : 'number', value: n } };
        }
        return {
          ok: false,
          why: `is not a ${whole ? 'whole number' : 'number'} in ${min}..${max}`,
          example: d.example ?? String(min),
        };
      },
      resembles: looksNumeric,
    };
  }
  if ('enum' in d) {
    const members = d.enum.map(String);
    return {
      name: d.name,
      check(t) {
        const i = members.indexOf(t);
        if (i === -1)
          return {
            ok: false,
            why: `is not one of ${members.map((m) => `\`${m}\``).join(', ')}`,
            example: members[0] ?? '',
          };
        return { ok: true, value: scalarOf(d.enum[i]!) };
      },
    };
  }
  const wantsString = d.schema.type === 'string';
  return {
    name: d.name,
    check(t) {
      let value: unknown = t;
      if (!wantsString) {
        try {
          value = JSON.parse(t);
        } catch {
          value = t;
        }
      }
      if (value === null || typeof value === 'object') {
        return {
          ok: false,
          why: 'is not a single value (a string, number or boolean)',
          example: d.example ?? '',
        };
      }
      const why = d.validate(value);
      return why === undefined
        ? { ok: true, value: scalarOf(value as string | number | boolean) }
        : { ok: false, why: `does not satisfy the type's JSON Schema: ${why}`, example: d.example ?? '' };
    },
  };
}

function scalarOf(v: string | number | boolean): Scalar {
  if (typeof v === 'boolean') return { kind: 'boolean', value: v };
  if (typeof v === 'number') return { kind: Number.isInteger(v) ? 'integer' : 'number', value: String(v) };
  return { kind: 'string', value: v };
}

/** The types one generation knows: the built-in ones, then the project's. */
// @implements generator#VALUES-TYPED
export class ValueTypes {
  private readonly byName = new Map<string, ValueType>();
  constructor(declared: readonly DeclaredType[] = []) {
    for (const t of [...MCP_TYPES, ...GENERAL_TYPES]) this.byName.set(t.name, t);
    for (const d of declared) this.byName.set(d.name, declaredType(d));
  }
  get(name: unknown): ValueType | undefined {
    return typeof name === 'string' ? this.byName.get(name) : undefined;
  }
  names(): string[] {
    return [...this.byName.keys()];
  }
}
