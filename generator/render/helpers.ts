/**
 * The template helpers: every value a template writes into the MCP core comes
 * out of a fact through one of these, so editing the spec changes the code.
 * A bad call does not throw: it records an error at the template's
 * line:col and returns a placeholder, so one run reports every problem.
 */
import type { Fact, SpecDocument } from '../../reader/model.ts';
import { didYouMean, nearest } from './suggest.ts';
import type { GenError, GenErrorCode } from './types.ts';
import { integerTokens, pinOf, summary } from './values.ts';

/** 1-based line, 0-based column: Handlebars' own positions. */
export interface HbsLoc {
  start: { line: number; column: number };
}

export type ValueHelper = 'cite' | 'str' | 'code' | 'int';
export const VALUE_HELPERS: readonly ValueHelper[] = ['cite', 'str', 'code', 'int'];

/** What `facts` hands to `{{#each}}`: the fact plus the values templates use most. */
export type FactView = Fact & { pin: string; summary: string };

export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; code: GenErrorCode; message: string; fix?: string };

const fail = (code: GenErrorCode, message: string, fix?: string): Outcome<never> =>
  fix === undefined ? { ok: false, code, message } : { ok: false, code, message, fix };

/**
 * The lookups behind the helpers, over one spec document or several (then a
 * bare fact id is looked up in all of them, the first spec first). Pure:
 * shared by the run-time helpers and the static pass that checks calls in
 * branches not taken.
 */
// @implements factline#GEN-HELPERS-TAKE-VALUES-FROM-FACTS
export class FactIndex {
  /** The first spec: the one `facts` filters and the template data describe. */
  readonly spec: SpecDocument;
  readonly specs: readonly SpecDocument[];
  private readonly byId = new Map<string, Fact>();
  private readonly ids: string[];

  constructor(specs: SpecDocument | readonly SpecDocument[]) {
    this.specs = Array.isArray(specs) ? specs : [specs as SpecDocument];
    this.spec = this.specs[0] as SpecDocument;
    // First definition wins on a duplicate id; the reader reports the duplicate itself.
    for (const spec of this.specs) {
      for (const fact of spec.facts) if (!this.byId.has(fact.id)) this.byId.set(fact.id, fact);
    }
    this.ids = [...this.byId.keys()];
  }

  // @implements factline#GEN-UNKNOWN-FACT-SUGGESTS-NEAREST
  fact(ref: unknown): Outcome<Fact> {
    const id = typeof ref === 'object' && ref !== null && 'id' in ref ? (ref as { id: unknown }).id : ref;
    if (typeof id !== 'string' || id === '') {
      return fail('bad-helper-call', `expected a fact id string, got ${describe(id)}`);
    }
    const fact = this.byId.get(id);
    if (fact) return { ok: true, value: fact };
    const hint = didYouMean(id, this.ids);
    // With a suggestion, the spec it comes from is the one meant; without, every spec was searched.
    const near = nearest(id, this.ids)[0];
    const where = near === undefined ? this.files() : (this.byId.get(near)?.file ?? this.files());
    return fail(
      'unknown-fact',
      `${this.spec.doc}#${id} is not a fact of ${where}${hint ? `; ${hint}` : ''}`,
      hint ?? `add \`@fact:${id}\` to ${this.spec.file} or cite an existing id`,
    );
  }

  private files(): string {
    return this.specs.map((s) => s.file).join(' or ');
  }

  call(helper: ValueHelper, ref: unknown, n: unknown): Outcome<string | number> {
    const found = this.fact(ref);
    if (!found.ok) return found;
    const fact = found.value;
    if (helper === 'cite') {
      return {
        ok: true,
        value: `// @implements ${fact.address}~${pinOf(fact.digest)} — ${summary(fact.text)}`,
      };
    }
    const index = n === undefined ? 1 : n;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 1) {
      return fail(
        'bad-helper-call',
        `${helper}: the position must be a whole number from 1, got ${describe(n)}`,
      );
    }
    if (helper === 'int') {
      const ints = integerTokens(fact.text);
      const value = ints[index - 1];
      if (value !== undefined) return { ok: true, value };
      return fail(
        'missing-value',
        `${fact.address} has ${ints.length} integer${ints.length === 1 ? '' : 's'} outside inline code, not ${ordinal(index)}`,
        ints.length > 0 ? `use a position from 1 to ${ints.length}` : 'write the number in the fact text',
      );
    }
    const span = fact.codes[index - 1];
    if (span !== undefined) return { ok: true, value: helper === 'str' ? JSON.stringify(span) : span };
    return fail(
      'missing-value',
      `${fact.address} has ${fact.codes.length} inline code span${fact.codes.length === 1 ? '' : 's'}, not ${ordinal(index)}`,
      fact.codes.length > 0
        ? `use a position from 1 to ${fact.codes.length}`
        : 'put the value in `backticks` in the fact text',
    );
  }

  facts(filter: Record<string, unknown>): Outcome<FactView[]> {
    const known = new Set(['section', 'prefix']);
    for (const key of Object.keys(filter)) {
      if (!known.has(key))
        return fail('bad-helper-call', `facts: unknown filter \`${key}\` (known: section, prefix)`);
    }
    const { section, prefix } = filter;
    if (section === undefined && prefix === undefined) {
      return fail('bad-helper-call', 'facts: give section="…" or prefix="…"');
    }
    if (section !== undefined && typeof section !== 'string') {
      return fail('bad-helper-call', `facts: section must be a string, got ${describe(section)}`);
    }
    if (prefix !== undefined && typeof prefix !== 'string') {
      return fail('bad-helper-call', `facts: prefix must be a string, got ${describe(prefix)}`);
    }
    const sections = this.specs.flatMap((spec) => spec.sections);
    if (section !== undefined && !sections.some((s) => s.anchor === section)) {
      const hint = didYouMean(
        section,
        sections.map((s) => s.anchor),
      );
      return fail(
        'unknown-section',
        `${this.files()} has no section {#${section}}${hint ? `; ${hint}` : ''}`,
        hint ?? 'name a section anchor of the spec',
      );
    }
    const chosen = this.specs
      .flatMap((spec) => spec.facts)
      .filter(
        (f) =>
          (section === undefined || f.section === section) &&
          (prefix === undefined || f.id.startsWith(prefix)),
      );
    if (chosen.length === 0) {
      // An empty loop would silently drop code (a method, an error kind): treat it as the typo it usually is.
      const what = [section && `section {#${section}}`, prefix && `prefix \`${prefix}\``]
        .filter(Boolean)
        .join(' and ');
      return fail('no-matching-facts', `no fact of ${this.files()} matches ${what}`);
    }
    return { ok: true, value: chosen.map((f) => ({ ...f, pin: pinOf(f.digest), summary: summary(f.text) })) };
  }
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `a ${n}${suffix}`;
}

function describe(value: unknown): string {
  return value === undefined ? 'nothing' : (JSON.stringify(value) ?? String(value));
}

/** Where a helper call sits, as a GenError place. */
export function errorAt(
  file: string,
  loc: HbsLoc | undefined,
  outcome: Extract<Outcome<unknown>, { ok: false }>,
) {
  const error: GenError = {
    code: outcome.code,
    file,
    line: loc?.start.line ?? 1,
    column: (loc?.start.column ?? 0) + 1,
    message: outcome.message,
  };
  if (outcome.fix !== undefined) error.fix = outcome.fix;
  return error;
}
