/**
 * Named, typed spec values (issue 11). A template asks
 * `{{value "FACT-ID" type="TYPE"}}` (optionally `name="NAME"`); the value is
 * one of the fact's inline code spans, never prose, so rewording the words
 * around it cannot change it. A span written `NAME: value` (a lower-kebab
 * name, a colon and a space) names its value; `name=` picks that span. Without
 * `name=`, exactly one of the fact's spans (named or not) must be a valid TYPE.
 * Pure.
 */
import { escapeString, jsControl } from './languages/escape.ts';
import type { Scalar } from './languages/types.ts';
import { type ValueType, ValueTypes } from './value-types.ts';

const BUILT_IN = new ValueTypes();

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

export type Picked =
  /** `source`: the value as a TypeScript literal. */
  | { ok: true; span: SpanValue; value: Scalar; source: string }
  | { ok: false; kind: 'missing' | 'ambiguous' | 'invalid'; span?: SpanValue; found: string; fix: string };

const list = (spans: readonly SpanValue[]) => spans.map((s) => `\`${s.span}\``).join(', ');

/**
 * Chooses the fact's value: the span named `name`, else its one unnamed span
 * that is a valid TYPE. Never guesses: none, several, or an invalid one is a
 * refusal saying what was found and how to fix the spec.
 */
// @implements generator#VALUES-NAMED-SPANS
export function pickValue(
  codes: readonly string[],
  typeName: string,
  name: string | undefined,
  types: ValueTypes = BUILT_IN,
): Picked {
  const type = types.get(typeName);
  if (!type) throw new Error(`unknown value type ${typeName}`);
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
  const valid = spans.filter((s) => type.check(s.value).ok);
  if (valid.length === 1) return checked(valid[0]!, type);
  if (valid.length > 1) {
    return {
      ok: false,
      kind: 'ambiguous',
      found: `${valid.length} of its code spans are valid ${type.name} values: ${list(valid)}`,
      fix: `name the one meant in the spec (\`NAME: ${valid[0]!.value}\`, or use the name it has) and ask for it with name="NAME" in the template`,
    };
  }
  // One span that is not a valid value, or the one span that looks like one:
  // the value was meant and is broken, so say why, at that span.
  if (spans.length === 1) return checked(spans[0]!, type);
  const nearMisses = spans.filter((s) => type.resembles?.(s.value) ?? false);
  if (nearMisses.length === 1) return checked(nearMisses[0]!, type);
  return {
    ok: false,
    kind: 'missing',
    found: spans.length ? `none of its code spans ${list(spans)} is a ${type.name}` : 'it has no code span',
    fix: `put the ${type.name} alone in backticks in the fact, e.g. \`${exampleOf(type)}\`; prose outside backticks never counts`,
  };
}

const exampleOf = (type: ValueType) => {
  const c = type.check('');
  return c.ok ? 'value' : c.example;
};

function checked(span: SpanValue, type: ValueType): Picked {
  const typed = type.check(span.value);
  if (typed.ok) return { ok: true, span, value: typed.value, source: tsLiteral(typed.value) };
  return {
    ok: false,
    kind: 'invalid',
    span,
    found: `\`${span.value}\` ${typed.why}`,
    fix: `write only the ${type.name} in the code span, e.g. \`${span.name ? `${span.name}: ` : ''}${typed.example}\`, and keep any other words outside the backticks`,
  };
}

function tsLiteral(v: Scalar): string {
  return v.kind === 'string' ? `'${escapeString(v.value, "'", jsControl)}'` : String(v.value);
}
