/**
 * The template helpers: every value a template writes into the MCP core comes
 * out of a fact through one of these, so editing the spec changes the code.
 * A bad call does not throw: it records an error at the template's
 * line:col and returns a placeholder, so one run reports every problem.
 */

import { didYouMean } from '../../reader/did-you-mean.ts';
import type { Fact, SpecDocument } from '../../reader/model.ts';
import type { CiteData, Scalar } from './languages/types.ts';
import { pickValue } from './typed-values.ts';
import type { GenError, GenErrorCode } from './types.ts';
import { ValueTypes } from './value-types.ts';
import { pinOf, summary } from './values.ts';

/** What one generation knows beyond its specs. */
export interface IndexOptions {
  /** The project's `spec://` namespace: citations that can carry a uri do. */
  namespace?: string;
  types?: ValueTypes;
}

/** 1-based line, 0-based column: Handlebars' own positions. */
export interface HbsLoc {
  start: { line: number; column: number };
}

export type ValueHelper = 'cite';
export const VALUE_HELPERS: readonly ValueHelper[] = ['cite'];

/** What `facts` hands to `{{#each}}`: the fact plus the values templates use most. */
export type FactView = Fact & { pin: string; summary: string };

/** A place in a file: a value's error points at the spec, not at the template. */
export interface FilePlace {
  file: string;
  line: number;
  column: number;
}

export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; code: GenErrorCode; message: string; fix?: string; at?: FilePlace };

const fail = (code: GenErrorCode, message: string, fix?: string): Outcome<never> =>
  fix === undefined ? { ok: false, code, message } : { ok: false, code, message, fix };

/**
 * The lookups behind the helpers, over one spec document. Pure: shared by the
 * run-time helpers and the static pass that checks calls in branches not taken.
 */
// @implements generator#GEN-HELPERS-TAKE-VALUES-FROM-FACTS
export class TemplateFacts {
  private readonly byId = new Map<string, Fact>();
  private readonly byAddress = new Map<string, Fact>();
  private readonly ids: string[];
  private readonly docs: SpecDocument[];
  /** Files of the specs whose facts were looked up since the last `track()`. */
  private used = new Set<string>();

  /**
   * Over the main spec and any further ones; a bare id resolves in the first spec that has it.
   * `sources`, each spec's text by file, lets a value's error name the line and column of its code span.
   */
  private readonly types: ValueTypes;
  constructor(
    readonly spec: SpecDocument,
    more: readonly SpecDocument[] = [],
    private readonly sources: Readonly<Record<string, string>> = {},
    private readonly options: IndexOptions = {},
  ) {
    this.types = options.types ?? new ValueTypes();
    this.docs = [spec, ...more];
    // First definition wins on a duplicate id; the reader reports the duplicate itself.
    for (const doc of this.docs) {
      for (const fact of doc.facts) {
        if (!this.byId.has(fact.id)) this.byId.set(fact.id, fact);
        if (!this.byAddress.has(fact.address)) this.byAddress.set(fact.address, fact);
      }
    }
    this.ids = [...this.byId.keys()];
  }

  /** Starts recording which specs are used (one template's render). */
  track(): void {
    this.used = new Set();
  }

  /** The spec files used since `track()`, in index order; the main spec when none was. */
  usedFiles(): string[] {
    const files = this.docs.map((d) => d.file).filter((f) => this.used.has(f));
    return files.length > 0 ? files : [this.spec.file];
  }

  /** Whether `doc` names one of the generating specs (a code template's citations of other documents stay as written). */
  definesDoc(doc: string): boolean {
    return this.docs.some((d) => d.doc === doc);
  }

  private files(): string {
    return this.docs.map((d) => d.file).join(', ');
  }

  // @implements generator#GEN-UNKNOWN-FACT-SUGGESTS-NEAREST
  fact(ref: unknown): Outcome<Fact> {
    const id = typeof ref === 'object' && ref !== null && 'id' in ref ? (ref as { id: unknown }).id : ref;
    if (typeof id !== 'string' || id === '') {
      return fail('bad-helper-call', `expected a fact id string, got ${describe(id)}`);
    }
    // `DOC#ID` names the spec; a bare id is looked up in every spec.
    const fact = id.includes('#') ? this.byAddress.get(id) : this.byId.get(id);
    if (fact) {
      this.used.add(fact.file);
      return { ok: true, value: fact };
    }
    const hint = didYouMean(id, this.ids);
    const others = this.docs.slice(1).map((d) => d.file);
    return fail(
      'unknown-fact',
      `${id.includes('#') ? id : `${this.spec.doc}#${id}`} is not a fact of ${this.spec.file}${hint ? `; ${hint}` : ''}` +
        (others.length > 0 ? ` (nor of ${others.join(', ')})` : ''),
      hint ??
        `if the fact was removed from ${this.spec.file}, remove this call (or cite the fact that replaced it); otherwise fix the id`,
    );
  }

  /**
   * `{{cite "ID~PIN"}}`: a requirement comment carrying the pin the template
   * was reviewed against, copied as written (the gate judges it, not gen).
   * Without a pin (`{{cite "ID"}}`, `{{cite this}}` in a loop) the comment
   * carries none rather than one nobody reviewed.
   */
  // @implements generator#PINS-LIVE-IN-TEMPLATES
  call(_helper: ValueHelper, ref: unknown): Outcome<CiteData> {
    const { id, pin } = splitPin(ref);
    if (pin === null) {
      return fail(
        'bad-helper-call',
        `cite: \`${String(ref)}\` has a malformed pin`,
        'write {{cite "FACT-ID~PIN"}} with the 8 hex digits of the digest (`factline facts` shows them) or rN',
      );
    }
    const found = this.fact(id);
    if (!found.ok) return found;
    const fact = found.value;
    const cite: CiteData = { address: fact.address, summary: summary(fact.text) };
    if (pin !== undefined) cite.pin = pin;
    if (this.options.namespace !== undefined) cite.uri = `spec://${this.options.namespace}/${fact.address}`;
    return { ok: true, value: cite };
  }

  /**
   * `{{value "ID" type="TYPE" name="NAME"}}`: the fact's named or only valid
   * code span of that type, as a typed value (the output's language writes
   * the literal). A refusal points at the spec.
   */
  // @implements generator#VALUES-STOP-GEN-AT-THE-SPEC
  value(ref: unknown, hash: Record<string, unknown>, askedAt: string): Outcome<Scalar> {
    for (const key of Object.keys(hash)) {
      if (key !== 'type' && key !== 'name') {
        return fail('bad-helper-call', `value: unknown option \`${key}\` (known: type, name)`);
      }
    }
    const { type, name } = hash;
    if (this.types.get(type) === undefined) {
      const hint = typeof type === 'string' ? didYouMean(type, this.types.names()) : undefined;
      return fail(
        'bad-helper-call',
        `value: type must be one of ${this.types.names().join(', ')}, got ${describe(type)}${hint ? `; ${hint}` : ''}`,
        'write {{value "FACT-ID" type="TYPE"}}, or declare the type under "generate.valueTypes" in the config',
      );
    }
    if (name !== undefined && (typeof name !== 'string' || name === '')) {
      return fail('bad-helper-call', `value: name must be a non-empty string, got ${describe(name)}`);
    }
    const found = this.fact(ref);
    if (!found.ok) return found;
    const fact = found.value;
    const picked = pickValue(fact.codes, type as string, name, this.types);
    if (picked.ok) return { ok: true, value: picked.value };
    const what = `${type}${name === undefined ? '' : ` named \`${name}\``}`;
    return {
      ok: false,
      code: picked.kind === 'missing' ? 'missing-value' : `${picked.kind}-value`,
      message: `${fact.address}: the ${what} asked for at ${askedAt} is ${picked.kind}: ${picked.found}`,
      fix: picked.fix,
      at: this.spanPlace(fact, picked.span?.span),
    };
  }

  /** Where a code span of a fact stands in the spec (the fact's anchor when unknown). */
  private spanPlace(fact: Fact, span: string | undefined): FilePlace {
    const anchor = { file: fact.file, line: fact.line, column: fact.column };
    const source = this.sources[fact.file];
    if (span === undefined || source === undefined) return anchor;
    const lines = source.split('\n');
    let offset = 0;
    for (let i = 0; i < fact.line - 1 && i < lines.length; i++) offset += lines[i]!.length + 1;
    offset += fact.column - 1;
    const at = source.indexOf(`\`${span}\``, offset);
    if (at === -1) return anchor;
    const before = source.slice(0, at).split('\n');
    return { file: fact.file, line: before.length, column: before.at(-1)!.length + 1 };
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
    const sections = this.docs.flatMap((d) => d.sections.map((s) => s.anchor));
    if (section !== undefined && !sections.includes(section)) {
      const hint = didYouMean(section, sections);
      return fail(
        'unknown-section',
        `${this.files()} has no section {#${section}}${hint ? `; ${hint}` : ''}`,
        hint ?? 'name a section anchor of the spec',
      );
    }
    const chosen = this.docs
      .flatMap((d) => d.facts)
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
    for (const f of chosen) this.used.add(f.file);
    return { ok: true, value: chosen.map((f) => ({ ...f, pin: pinOf(f.digest), summary: summary(f.text) })) };
  }
}

/** `"ID~PIN"` → id and pin; null pin when the part after `~` is not a pin. Objects (a fact in a loop) pass through. */
function splitPin(ref: unknown): { id: unknown; pin?: string | null } {
  if (typeof ref !== 'string' || !ref.includes('~')) return { id: ref };
  const [id, pin] = [ref.slice(0, ref.indexOf('~')), ref.slice(ref.indexOf('~') + 1)];
  return { id, pin: /^(?:[0-9a-fA-F]{8}|r[0-9]+)$/.test(pin) ? pin.toLowerCase() : null };
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
  const error: GenError = outcome.at
    ? { code: outcome.code, ...outcome.at, message: outcome.message }
    : {
        code: outcome.code,
        file,
        line: loc?.start.line ?? 1,
        column: (loc?.start.column ?? 0) + 1,
        message: outcome.message,
      };
  if (outcome.fix !== undefined) error.fix = outcome.fix;
  return error;
}
