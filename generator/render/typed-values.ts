/**
 * Named, typed spec values (issue 11). A template asks
 * `{{value "FACT-ID" type="TYPE"}}` (optionally `name="NAME"`); the value is
 * one of the fact's inline code spans, never prose, so rewording the words
 * around it cannot change it. A span written `NAME: value` (a lower-kebab
 * name, a colon and a space) names its value; `name=` picks that span. Without
 * `name=`, exactly one of the fact's spans (named or not) must be a valid TYPE.
 * Pure.
 */

export const VALUE_TYPES = ['revision', 'jsonrpc-code', 'method', 'integer', 'bytes', 'string'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

/** One code span of a fact, split into its optional name and its value. */
export interface SpanValue {
  /** The span as written. */
  span: string;
  name?: string;
  value: string;
}

const NAMED = /^([a-z][a-z0-9-]*): (\S[\s\S]*)$/;

export function spanValue(span: string): SpanValue {
  const m = NAMED.exec(span);
  return m ? { span, name: m[1]!, value: m[2]! } : { span, value: span };
}

/** The value as TypeScript source, or why the text is not a valid TYPE. */
export type Typed = { ok: true; source: string } | { ok: false; why: string; example: string };

const JSONRPC_RESERVED = { min: -32768, max: -32000 };
const BYTE_UNITS: Record<string, number> = {
  B: 1,
  KB: 1000,
  KiB: 1024,
  MB: 1000 ** 2,
  MiB: 1024 ** 2,
  GB: 1000 ** 3,
  GiB: 1024 ** 3,
};

/** A single-quoted TypeScript string literal (the house style of generated/). */
export function tsString(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `'${escaped}'`;
}

function integer(text: string): number | undefined {
  if (!/^[-+]?\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

// @implements evidence#VALUES-TYPED
export function typedValue(type: ValueType, text: string): Typed {
  switch (type) {
    case 'revision':
      return isCalendarDate(text)
        ? { ok: true, source: tsString(text) }
        : { ok: false, why: 'is not a calendar date YYYY-MM-DD', example: '2024-11-05' };
    case 'jsonrpc-code': {
      const n = integer(text);
      return n !== undefined && n >= JSONRPC_RESERVED.min && n <= JSONRPC_RESERVED.max
        ? { ok: true, source: String(n) }
        : {
            ok: false,
            why: `is not an integer in JSON-RPC's reserved range ${JSONRPC_RESERVED.min}..${JSONRPC_RESERVED.max}`,
            example: '-32700',
          };
    }
    case 'method':
      return /^[A-Za-z_$][\w$.-]*(?:\/[A-Za-z_$][\w$.-]*)*$/.test(text)
        ? { ok: true, source: tsString(text) }
        : {
            ok: false,
            why: 'is not a method name (path-like token such as `tools/call`)',
            example: 'tools/call',
          };
    case 'integer': {
      const n = integer(text);
      return n !== undefined
        ? { ok: true, source: String(n) }
        : { ok: false, why: 'is not a whole number', example: '42' };
    }
    case 'bytes': {
      const m = /^(\d+)(?: ?(B|KB|KiB|MB|MiB|GB|GiB))?$/.exec(text);
      const n = m ? Number(m[1]) * (BYTE_UNITS[m[2] ?? 'B'] ?? 1) : Number.NaN;
      return Number.isSafeInteger(n)
        ? { ok: true, source: String(n) }
        : {
            ok: false,
            why: 'is not a byte count (a whole number, optionally with B, KB, KiB, MB, MiB, GB or GiB)',
            example: '1 MiB',
          };
    }
    case 'string':
      return { ok: true, source: tsString(text) };
  }
}

export function isValueType(x: unknown): x is ValueType {
  return typeof x === 'string' && (VALUE_TYPES as readonly string[]).includes(x);
}

export type Picked =
  | { ok: true; span: SpanValue; source: string }
  | { ok: false; kind: 'missing' | 'ambiguous' | 'invalid'; span?: SpanValue; found: string; fix: string };

const list = (spans: readonly SpanValue[]) => spans.map((s) => `\`${s.span}\``).join(', ');

/**
 * Chooses the fact's value: the span named `name`, else its one unnamed span
 * that is a valid TYPE. Never guesses: none, several, or an invalid one is a
 * refusal saying what was found and how to fix the spec.
 */
// @implements evidence#VALUES-NAMED-SPANS
export function pickValue(codes: readonly string[], type: ValueType, name: string | undefined): Picked {
  const spans = codes.map(spanValue);
  if (name !== undefined) {
    const named = spans.filter((s) => s.name === name);
    if (named.length === 0) {
      return {
        ok: false,
        kind: 'missing',
        found: spans.length
          ? `its code spans are ${list(spans)}, none named \`${name}\``
          : 'it has no code span',
        fix: `write the value as \`${name}: VALUE\` in backticks in the fact`,
      };
    }
    if (named.length > 1) {
      return {
        ok: false,
        kind: 'ambiguous',
        found: `${named.length} spans are named \`${name}\`: ${list(named)}`,
        fix: `keep one \`${name}: …\` span in the fact, or give the others their own names`,
      };
    }
    return checked(named[0]!, type);
  }
  // Named spans take part too: a name only narrows a choice, it never hides a rival.
  const valid = spans.filter((s) => typedValue(type, s.value).ok);
  if (valid.length === 1) return checked(valid[0]!, type);
  if (valid.length > 1) {
    return {
      ok: false,
      kind: 'ambiguous',
      found: `${valid.length} of its code spans are valid ${type} values: ${list(valid)}`,
      fix: `name the one meant in the spec (\`NAME: ${valid[0]!.value}\`, or use the name it has) and ask for it with name="NAME" in the template`,
    };
  }
  // One span that is not a valid value, or the one span that looks like one:
  // the value was meant and is broken, so say why, at that span.
  if (spans.length === 1) return checked(spans[0]!, type);
  const nearMisses = spans.filter((s) => resembles(type, s.value));
  if (nearMisses.length === 1) return checked(nearMisses[0]!, type);
  return {
    ok: false,
    kind: 'missing',
    found: spans.length ? `none of its code spans ${list(spans)} is a ${type}` : 'it has no code span',
    fix: `put the ${type} alone in backticks in the fact, e.g. \`${(typedValue(type, '') as { example?: string }).example ?? 'value'}\`; prose outside backticks never counts`,
  };
}

/** Text that was probably meant as a value of the type, though it is not a valid one. */
function resembles(type: ValueType, text: string): boolean {
  if (type === 'revision') return /\d{4}-\d{2}-\d{2}/.test(text);
  if (type === 'jsonrpc-code' || type === 'integer' || type === 'bytes') return /^[-+]?\d/.test(text);
  return false;
}

function checked(span: SpanValue, type: ValueType): Picked {
  const typed = typedValue(type, span.value);
  if (typed.ok) return { ok: true, span, source: typed.source };
  return {
    ok: false,
    kind: 'invalid',
    span,
    found: `\`${span.value}\` ${typed.why}`,
    fix: `write only the ${type} in the code span, e.g. \`${span.name ? `${span.name}: ` : ''}${typed.example}\`, and keep any other words outside the backticks`,
  };
}
