/**
 * The gate's data: citations found in code, the per-fact trace, and findings.
 * Reporters are pure functions of TraceResult; the HTML page embeds its JSON.
 */
import type { EvidenceKind, Fact, LinkKind, Severity } from '../reader/model.ts';
import type { RuleId } from './rules.ts';
import type { NotRun } from './scan/types.ts';
import type { FactState, FactTally, GapKind } from './states.ts';

/**
 * `scope` is vibevm's `specmark::scope!(…)`: a module-level marker whose
 * address every untagged item of the module inherits (PROP-014).
 */
export const CITATION_VERBS = ['implements', 'verifies', 'deviates', 'scope'] as const;
export type CitationVerb = (typeof CITATION_VERBS)[number];

/** What a scanner found: one citation, placed in its file, before the trace judged it. */
export interface Citation {
  verb: CitationVerb;
  /** The reference as written, e.g. `mcp-core#METHOD-PING~1a2b3c4d`. */
  ref: string;
  doc?: string;
  id: string;
  pin?: string;
  reason?: string;
  /** Repo-relative path, forward slashes. */
  file: string;
  line: number;
  column: number;
  /** Whether the file matched the tests globs, or the citation stands in a test block (`#[cfg(test)]`, `#[test]`, describe/it). */
  inTest: boolean;
  /** The `spec://…` address as written, when the citation used one. */
  uri?: string;
  /** For a `scope` marker: the module's untagged items that inherit its address. */
  covers?: string[];
  /** Enclosing declaration, e.g. `class Server > method handle`, when known. */
  symbol?: string;
  /** Enclosing it()/test() title in test files, when known. */
  testName?: string;
  /**
   * The enclosing test or suite never runs as the source says (`it.skip`, `it.todo`, `#[ignore]`),
   * or the source cannot tell whether it runs (`unknown: …`); see checks/scan/test-runs.ts.
   */
  notRun?: NotRun;
}

/** What the trace decided of a citation: the fact it resolved to, and whether it counts as evidence. */
export interface JudgedCitation extends Citation {
  /** Address of the fact it resolved to, when it resolved. */
  resolved?: string;
  /** False when stale, misplaced, unresolved or citing a void fact. */
  counted: boolean;
  /** The rule that stopped it counting (e.g. `stale-citation`), when one did. */
  problem?: RuleId;
  /** For a counted verifying citation when test results were given: how its test ended. */
  outcome?: CitationOutcome;
}

/** The outcome of the test a verifying citation sits in; `unknown` when no results file lists it. */
export interface CitationOutcome {
  status: 'passed' | 'failed' | 'skipped' | 'todo' | 'pending' | 'unknown';
  /** Full title path, `describe > it`. */
  test?: string;
  /** The first line of the failure message. */
  failure?: string;
  /** The results file the outcome came from. */
  source?: string;
}

/** Whether test outcomes were joined, and how the verifying citations' tests ended. */
export interface OutcomeSummary {
  checked: boolean;
  /** The results files read. */
  sources: string[];
  passed: number;
  failed: number;
  skipped: number;
  /** Verifying citations whose outcome the results could not confirm. */
  unknown: number;
  /** Per results file, how many of its outcomes each join key placed (`none`: the runner named no file). */
  joins?: OutcomeJoin[];
}

/** One results file and the parts of its runner's output that named each test's file. */
export interface OutcomeJoin {
  source: string;
  keys: Record<string, number>;
}

export type { RuleId } from './rules.ts';

/** A link written on a fact (`@refines:ADDRESS`), as the trace judged it. */
export interface JudgedLink {
  kind: LinkKind;
  /** Address of the fact the link stands on. */
  from: string;
  /** The address as written, pin excluded. */
  target: string;
  pin?: string;
  /** The spec file and the place of the address. */
  file: string;
  line: number;
  column: number;
  /** Address of the fact it resolved to, when it resolved. */
  resolved?: string;
  /** False when unresolved, stale, into a void fact, or written on a void fact. */
  counted: boolean;
  /** The rule that stopped it counting, when one did. */
  problem?: RuleId;
}

/** Why a fact needing refinement is, or is not, covered through the facts refining it. */
export interface RefinementCoverage {
  /** Facts whose counted `@refines:` names this one. */
  by: string[];
  /** Each refining fact that is not covered, with why (its state, or its own refinement). */
  uncovered: { address: string; why: string }[];
  /** Links into this fact that do not count (stale, from a void fact), with their rule. */
  notCounted: { from: string; problem: string }[];
}

/** The one finding type every check produces. */
export interface Finding {
  rule: RuleId;
  severity: Severity;
  /** Address `doc#ID` of the fact concerned, when there is one. */
  fact?: string;
  file: string;
  line: number;
  column: number;
  message: string;
  fix?: string;
}

export type { FactState, GapKind } from './states.ts';

/** The fields of a fact its trace carries, in the order `--json` prints them. */
export const TRACED_FACT_FIELDS = [
  'address',
  'doc',
  'id',
  'file',
  'line',
  'label',
  'section',
  'text',
  'digest',
  'status',
  'factClass',
  'attributes',
] as const satisfies readonly (keyof Fact)[];

/** A fact as the trace reports it: the fact's own fields, and what the trace decided of it. */
export interface FactTrace extends Pick<Fact, (typeof TRACED_FACT_FIELDS)[number]> {
  /** Evidence this fact needs under the policy in force. */
  required: EvidenceKind[];
  /** Decided once by the trace; every reporter and the page only display it. */
  state: FactState;
  /** Whether the fact lacks evidence it needs (the page's "gaps only", JUnit's failures). */
  gap: boolean;
  /** Which evidence it lacks; each kind is the rule of the finding raised for it. Empty when no gap. */
  gaps: GapKind[];
  /** Indexes into TraceResult.citations. */
  citations: number[];
  /** `heading`: an anchored heading unit (in `TraceResult.headings`), not a fact. */
  unit?: 'heading';
  /** For a fact needing `refinement`: what covers it and what does not. */
  refinement?: RefinementCoverage;
}

/** Counts made from the facts' states and gaps (checks/states.ts tallyFacts), plus the findings by severity. */
export interface Summary extends FactTally {
  findings: { error: number; warning: number; info: number };
}

/** A citable unit: a fact, or a heading with an explicit `{#anchor}`. */
export interface UnitEntry {
  /** `doc#anchor` */
  address: string;
  /** `spec://NAMESPACE/DOC#anchor`, when a namespace is configured. */
  uri?: string;
  kind: 'fact' | 'heading';
  anchor: string;
  file: string;
  line: number;
  /** The heading's title, or the fact's text. */
  title: string;
  /** The kind line governing a heading unit (`req`, revision), when it has one. */
  unitKind?: string;
  revision?: number;
  /** vibevm's content hash of the unit's span, for a unit of a `.xml` spec under the vibevm profile. */
  contentHash?: string;
}

/** What a partial run (`check --changed`) covered, and what it left to a full run. */
export interface PartialCoverage {
  /** The git ref the run compared with. */
  ref: string;
  /** Gate files scanned (changed, or citing a changed unit). */
  scanned: string[];
  /** Spec files changed since the ref; their diagnostics are judged. */
  specFiles: string[];
  /** Paths changed since the ref that no longer exist. */
  deleted: string[];
  /** Units whose text, status or kind revision changed, or that came or went. */
  changedUnits: string[];
  /** Rules a partial run does not judge. */
  notJudged: RuleId[];
}

export interface TraceResult {
  summary: Summary;
  documents: { doc: string; file: string; summary: Summary }[];
  facts: FactTrace[];
  citations: JudgedCitation[];
  /** Links between facts, as judged; present when any fact carries one. */
  links?: JudgedLink[];
  findings: Finding[];
  /** Test outcomes joined to verifying citations; absent or unchecked when no results were given. */
  outcomes?: OutcomeSummary;
  /**
   * Anchored heading units that code or tests cite, each with the state its
   * evidence gives it as a fact's would (verified, implemented only, …);
   * present when any is cited. Not counted in the summary, which counts facts.
   */
  headings?: FactTrace[];
  /** Every citable unit, present when the config names a namespace or an external spec. */
  units?: UnitEntry[];
  /** Present when the run judged only the files changed since a git ref. */
  partial?: PartialCoverage;
  /** Rules whose severity the config changed (`rules`), present when any did. */
  ruleSettings?: { rule: RuleId; setting: 'error' | 'warning' | 'off' }[];
}
