/**
 * The gate's data: citations found in code, the per-fact trace, and findings.
 * Reporters are pure functions of TraceResult; the HTML page embeds its JSON.
 */
import {
  DIAGNOSTIC_CODES,
  type EvidenceKind,
  type FactClass,
  type Severity,
  type Status,
} from '../reader/model.ts';

/**
 * `scope` is vibevm's `specmark::scope!(…)`: a module-level marker whose
 * address every untagged item of the module inherits (PROP-014).
 */
export const CITATION_VERBS = ['implements', 'verifies', 'deviates', 'scope'] as const;
export type CitationVerb = (typeof CITATION_VERBS)[number];

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
  /** Address of the fact it resolved to, when it resolved. */
  resolved?: string;
  /** False when stale, misplaced, unresolved or citing a void fact. */
  counted: boolean;
  /** The rule that stopped it counting (e.g. `stale-citation`), when one did. */
  problem?: RuleId;
}

export const RULE_IDS = [
  'missing-implementation',
  'missing-verification',
  'missing-evidence',
  'unknown-fact',
  'ambiguous-fact',
  'stale-citation',
  'misplaced-citation',
  'deviation-without-reason',
  'void-fact-cited',
  'status-behind-evidence',
  /** Kept for readers of older output; diagnostics now carry their own code as the rule. */
  'spec-diagnostic',
  'generated-drift',
  'generated-hand-edit',
  'pin-into-unmarked-unit',
  'stale-exclude',
  'nothing-cited',
  'document-uncited',
  'baseline-gone',
  // The spec reader's diagnostics are reported under their own codes, as `lint` prints them.
  ...DIAGNOSTIC_CODES,
] as const;
export type RuleId = (typeof RULE_IDS)[number] | (string & {});

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

export type FactState =
  | 'verified'
  | 'implemented'
  | 'missing-implementation'
  | 'missing-verification'
  | 'missing'
  | 'stale'
  | 'deviated'
  | 'pending'
  | 'service'
  | 'void';

export interface FactTrace {
  address: string;
  doc: string;
  id: string;
  file: string;
  line: number;
  label?: string;
  section?: string;
  text: string;
  digest: string;
  status: Status;
  factClass: FactClass;
  /** Evidence this fact needs under the policy in force. */
  required: EvidenceKind[];
  state: FactState;
  /** Indexes into TraceResult.citations. */
  citations: number[];
}

export interface Summary {
  facts: number;
  required: number;
  verified: number;
  implemented: number;
  missingImplementation: number;
  missingVerification: number;
  stale: number;
  deviated: number;
  pending: number;
  service: number;
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
}

export interface TraceResult {
  summary: Summary;
  documents: { doc: string; file: string; summary: Summary }[];
  facts: FactTrace[];
  citations: Citation[];
  findings: Finding[];
  /** Every citable unit, present when the config names a namespace or an external spec. */
  units?: UnitEntry[];
}
