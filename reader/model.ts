/**
 * The fact model: what the reader produces from one Markdown spec.
 * Closed vocabularies are literal unions parsed in one place (vocabulary.ts).
 */

export const STAGES = ['idea', 'spec', 'impl', 'test', 'doc', 'freeze', 'unknown'] as const;
export type Stage = (typeof STAGES)[number];

export const STATES = ['plan', 'work', 'done', 'hold', 'void'] as const;
export type State = (typeof STATES)[number];

export const ACTIONS = ['continue', 'drift', 'rework', 'remove'] as const;
export type Action = (typeof ACTIONS)[number];

export const AUDIENCES = ['user', 'author', 'dev'] as const;
export type Audience = (typeof AUDIENCES)[number];

export const SECTION_KINDS = ['prop', 'req', 'design', 'guide'] as const;
export type SectionKind = (typeof SECTION_KINDS)[number];

/** Evidence a fact can require (`@requires:`); open-ended but these are known. */
export type EvidenceKind = 'implementation' | 'verification' | 'documentation' | 'refinement' | (string & {});

/**
 * The evidence kinds `@requires:` and a policy table may name. `refinement`:
 * at least one fact refines this one and every fact refining it is covered.
 */
export const EVIDENCE_KINDS = ['implementation', 'verification', 'documentation', 'refinement'] as const;

/**
 * How one fact links to another (`@refines:ADDRESS`): `refines` — this fact
 * details the target (the target's coverage rests on it); `derives` — this
 * fact follows from the target without detailing it; `conflicts` — the two
 * must not both hold.
 */
export const LINK_KINDS = ['refines', 'derives', 'conflicts'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** One `@KIND:ADDRESS[~PIN]` link written on a fact. */
export interface FactLink {
  kind: LinkKind;
  /** The address as written, pin excluded (`doc#ID`, `ID`, `spec://NS/DOC#ID`). */
  target: string;
  /** The document part as written (`spec://NS/DOC` for a spec URL), absent for a bare id. */
  doc?: string;
  id: string;
  /** `~PIN` as written, lower case: 8 hex digits of the target's digest or `rN`. */
  pin?: string;
  /** Place of the `@KIND:` token. */
  line: number;
  column: number;
}

/** One `@attr:KEY=VALUE` attribute written on a fact. */
export interface FactAttribute {
  key: string;
  /** The value as written, quotes removed. */
  value: string;
  line: number;
  column: number;
}

/** 1-based line and column, as unist positions. */
export interface Place {
  line: number;
  column: number;
}

/** Where a fact's status came from: its own marker, or rolled down. */
export type StatusOrigin = 'own' | 'section' | 'document' | 'default';

export interface Status {
  stage: Stage;
  state: State;
  action?: Action;
  actionstage?: Stage;
  audience?: Audience[];
  comment?: string;
  ref?: string;
  origin: StatusOrigin;
}

/** A kind line (`req r1`, `prop r3 planned`, `design r2 disputed(#a)`). */
export interface KindLine {
  kind: SectionKind;
  revision: number;
  planned: boolean;
  disputed: string[];
}

/** UPPER-SLUG ids are normative; kebab-case ids are service units. */
export type FactClass = 'normative' | 'service';

/** `heading`: an anchored heading the gate treats as a citable unit (never produced by the reader itself). */
export type UnitType = 'paragraph' | 'listItem' | 'tableCell' | 'heading';

export interface Fact {
  id: string;
  /** Document name: spec path relative to the specs root without `.md`. */
  doc: string;
  /** `${doc}#${id}` */
  address: string;
  /** Repo-relative (or as given) path of the spec file. */
  file: string;
  /** Place of the `@fact:` anchor token. */
  line: number;
  column: number;
  endLine: number;
  /** Paragraph label without brackets, e.g. `p06`, when present. */
  label?: string;
  factClass: FactClass;
  unit: UnitType;
  /** Effective status after roll-down (own, else section, else document, else default). */
  status: Status;
  /** Evidence kinds listed by `@requires:`, when present. */
  requires?: EvidenceKind[];
  /** Links to other facts (`@refines:`, `@derives:`, `@conflicts:`), in written order, when present. */
  links?: FactLink[];
  /** Key–value attributes (`@attr:KEY=VALUE`), in written order, when present. */
  attributes?: FactAttribute[];
  /** Normalised fact text (tags removed, whitespace collapsed, trimmed; plus bound fence). */
  text: string;
  /** sha256 hex of `text`. Citations pin its first 8 hex digits. */
  digest: string;
  /** Inline code spans of the unit, in order (values templates can take). */
  codes: string[];
  /** Anchor (or slug) of the innermost enclosing section, undefined before the first heading. */
  section?: string;
  /** Line of the marker that gave the fact its own status, when not the anchor's line. */
  statusLine?: number;
  /** The kind line this fact declares, when its body is one. */
  kindLine?: KindLine;
  /** The fenced block bound by `@fact/code:`. */
  code?: { lang?: string; value: string };
  /** `<status …>text</status>` fragments inside the unit, in order (added by the reader). */
  fragments?: Fragment[];
  /**
   * vibevm's content hash of the unit's span (`sha256:` + hex), for a fact of a
   * `.xml` spec that vibevm's specmap mints (checks/profiles/vibevm-xml-document.ts).
   */
  contentHash?: string;
}

/** An inline fact wrapped in `<status …>…</status>`; status absent when its element was invalid. */
export interface Fragment {
  text: string;
  line: number;
  column: number;
  status?: Status;
}

export interface Section {
  /** `{#anchor}` when given, else a slug of the title. */
  anchor: string;
  explicitAnchor: boolean;
  title: string;
  depth: number;
  line: number;
  /** The section's own marker, if one stands right after its heading. */
  status?: Status;
  /** The kind line declared inside this section (its kind and revision). */
  kindLine?: KindLine;
  /** Line of the standalone marker that gave `status`. */
  markerLine?: number;
  /**
   * A kind line standing as the first non-blank line under the heading, led
   * by its code span (`` `req r2` `` …): how vibevm's specmap reads a revision.
   */
  leadKind?: KindLine;
  /** Ids of facts directly in this section, in document order. */
  factIds: string[];
  /** vibevm's content hash of an anchored section of a `.xml` spec (see Fact.contentHash). */
  contentHash?: string;
}

export const DIAGNOSTIC_CODES = [
  'duplicate-id',
  'unknown-stage',
  'unknown-state',
  'unknown-action',
  'unknown-audience',
  'element-missing-attribute',
  'malformed-element',
  'stranded-marker',
  'marker-mid-unit',
  'marked-unit-without-anchor',
  'unclosed-wrapper',
  'unknown-typed-anchor',
  'typed-anchor-without-fence',
  'swallowed-anchor',
  'empty-id',
  'nesting-too-deep',
  'control-character',
  'normative-service-unit',
  'unread-tag',
  'unknown-evidence-kind',
  'fact-in-heading',
  'fact-in-html',
  'malformed-link',
  'malformed-attribute',
] as const;
export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  file: string;
  line: number;
  column: number;
  /** The offending token as written. */
  token?: string;
  message: string;
  /** How to fix it (accepted values, did-you-mean, the blank line to add). */
  fix?: string;
}

export interface SpecDocument {
  doc: string;
  file: string;
  title?: string;
  /** The document marker, when one stands after the H1 or in the preamble. */
  status?: Status;
  /** Documents whose facts this one took in (`@aliases:` in the preamble): their addresses resolve here. */
  aliases?: string[];
  facts: Fact[];
  sections: Section[];
  diagnostics: Diagnostic[];
  /** Line of the document marker, when there is one. */
  markerLine?: number;
  /** Lines of the file, a final newline ending the last one (vibevm measures a last section up to here). */
  lineCount?: number;
}

export interface SpecSet {
  documents: SpecDocument[];
}
