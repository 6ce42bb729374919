/**
 * The gate's pure core: join facts (with the policy in force) and judged
 * citations into a TraceResult with every finding. Deterministic: documents
 * sorted by path, facts as the spec writes them, citations and findings by place.
 *
 * Each fact's state and gaps are decided here, once (`judgeFact`); the
 * summaries are tallies of those decisions (checks/states.ts).
 */
import type { EvidenceKind, Fact, SpecDocument, SpecSet } from '../reader/model.ts';
import { strictSeverity } from '../reader/normative-service.ts';
import { type AttributeChecker, judgeAttributes } from './attributes.ts';
import { judgeCitations, type ScannedFile } from './citations.ts';
import { citationExample } from './comment-syntax.ts';
import { countSeverities, FindingCollector } from './findings.ts';
import { judgeLinks } from './links.ts';
import type {
  FactState,
  FactTrace,
  Finding,
  GapKind,
  JudgedCitation,
  Summary,
  TraceResult,
  UnitEntry,
} from './model.ts';
import { explainedByOutcome, joinOutcomes, type OutcomeInput } from './outcomes.ts';
import { obligationOf, type PolicyOptions } from './policy.ts';
import {
  evidenceByVerb,
  longSections,
  statusAgainstEvidenceFindings,
  weighFindings,
} from './profiles/vibevm.ts';
import {
  missingMapFinding,
  orphanFindings,
  staleMapFindings,
  type VibevmGateData,
} from './profiles/vibevm-gates.ts';
import { coverThroughLevels } from './refinement.ts';
import { type Addressing, indexFacts, kindRevision, ownSection, unitUri } from './resolve.ts';
import { vectorEvidence } from './results/index.ts';
import { documentUncitedFindings } from './rules/document-uncited.ts';
import { missingEvidenceFindings } from './rules/missing-evidence.ts';
import { missingImplementation, missingImplementationFinding } from './rules/missing-implementation.ts';
import { missingVerification, missingVerificationFinding } from './rules/missing-verification.ts';
import { nothingCitedFinding, type Searched } from './rules/nothing-cited.ts';
import { staleCitation } from './rules/stale-citation.ts';
import { statusBehindEvidenceFinding } from './rules/status-behind-evidence.ts';
import { verificationFailed } from './rules/verification-failed.ts';
import { verificationSkipped } from './rules/verification-skipped.ts';
import { tallyFacts } from './states.ts';

export type { ScannedFile } from './citations.ts';

export interface TraceOptions extends PolicyOptions {
  /** Findings raised elsewhere (e.g. generated drift), merged and sorted in. */
  extraFindings?: Finding[];
  /** Test results to join to verifying citations; without them outcomes are not checked. */
  results?: OutcomeInput;
  /** Without results: a citing test that may not run is a warning and counts (config `static.unconfirmed`). */
  staticUnconfirmed?: 'warning';
  /** `spec://` namespaces; when given, the result lists every unit with its uri. */
  addressing?: Addressing;
  /** The globs scanned: when given, a run that found nothing says so instead of passing quietly. */
  searched?: Searched;
  /** The attribute types the config declares; absent: any attribute key, as a string. */
  attributes?: AttributeChecker;
  /** Under the vibevm profile: what its ratchet and freshness gates read (engine/gate/vibevm-gates.ts). */
  vibevmGates?: VibevmGateData;
  /** The listed source and test files: fix hints show a citation in their comment syntax. */
  hintFiles?: { sources: readonly string[]; tests: readonly string[] };
}

/** Counted citations of one fact by verb, and how many of its citations are stale. */
interface Evidence {
  implements: number;
  verifies: number;
  deviates: number;
  stale: number;
}

/** One fact's citations: indexes into the judged citation list. */
interface FactCitations {
  refs: number[];
  citations: JudgedCitation[];
}

/** What the trace decides about one fact. */
interface Judgement {
  required: EvidenceKind[];
  state: FactState;
  gaps: GapKind[];
}

/** The gap each traced evidence kind leaves when it is missing, and the verb that shows it. */
const TRACED: { kind: EvidenceKind; verb: 'implements' | 'verifies'; gap: GapKind }[] = [
  { kind: 'implementation', verb: 'implements', gap: missingImplementation.id },
  { kind: 'verification', verb: 'verifies', gap: missingVerification.id },
];

// @implements trace#GATE-SPEC-DIAGNOSTICS-ARE-FINDINGS
// @implements trace#GATE-DETERMINISTIC-JSON
export function trace(set: SpecSet, files: ScannedFile[], options: TraceOptions): TraceResult {
  const out = new FindingCollector();
  const index = indexFacts(set, options.addressing);
  // Conformance vectors name the facts they verify in their results, not in a scanned comment.
  const evidence = vectorEvidence(options.results?.outcomes ?? []);
  const citations = judgeCitations(evidence.length > 0 ? [...files, ...evidence] : files, index, out);
  // Before counting: a citation in a failed or skipped test stops counting here.
  const outcomes = joinOutcomes(citations, options.results, out, options.staticUnconfirmed);
  const byFact = citationsByFact(citations);
  const facts: FactTrace[] = [];
  const traced = new Map<string, Fact>();
  for (const doc of documentsByPath(set)) {
    reportDiagnostics(doc, options.strict === true, out);
    for (const fact of firstDefinitions(doc)) {
      const refs = byFact.get(fact.address) ?? [];
      const judgement = judgeFact(fact, { refs, citations }, options, out);
      facts.push(factTrace(fact, judgement, refs));
      traced.set(fact.address, fact);
    }
  }
  // Links between facts, then coverage through them: every fact's own evidence is judged by now.
  const links = judgeLinks([...traced.values()], index, out);
  coverThroughLevels(facts, traced, links, out);
  if (options.attributes) judgeAttributes([...traced.values()], options.attributes, out);
  for (const f of options.extraFindings ?? []) out.add(f);
  const vibevm = options.addressing?.profile === 'vibevm' ? options.addressing : undefined;
  const addressing = options.addressing;
  const units =
    addressing && (addressing.namespace !== undefined || (addressing.external ?? []).length > 0)
      ? unitsOf(index, addressing)
      : undefined;
  if (vibevm) {
    vibevmReports(set, index, byFact, citations, vibevm, out);
    const gates = options.vibevmGates;
    if (gates) {
      for (const f of orphanFindings(gates.gated, citations, gates.dispositioned)) out.add(f);
      if (gates.map === undefined) out.add(missingMapFinding(gates.config));
      else if (vibevm.namespace !== undefined)
        for (const f of staleMapFindings(
          gates.map,
          units ?? [],
          citations,
          vibevm.namespace,
          gates.insideMacroBody,
        ))
          out.add(f);
    }
    // vibevm holds no fact to its evidence: a fact's state says what it lacks, but that is no gap (docs/vibevm.md).
    for (const f of facts) {
      f.gap = false;
      f.gaps = [];
    }
  }
  if (options.searched) {
    // No silent green: a run that found nothing, or a spec nothing cites, says where it looked.
    const nothing = nothingCitedFinding(set.documents, citations, options.searched);
    const uncited = nothing
      ? [nothing]
      : documentUncitedFindings(set.documents, facts, citations, options.searched);
    for (const f of uncited) out.add(f);
  }
  const headings = citedHeadings(index, byFact, citations);
  const findings = vibevm
    ? weighFindings(out.sorted(), {
        ...(vibevm.namespace !== undefined ? { namespace: vibevm.namespace } : {}),
        ...(vibevm.resolveGate === false ? { resolveGate: false } : {}),
        scope: vibevm.progressScope ?? { include: [], exclude: [] },
        specFiles: new Set(set.documents.map((d) => d.file)),
        citations,
      })
    : out.sorted();
  const result: TraceResult = {
    summary: { ...tallyFacts(facts), findings: countSeverities(findings) },
    documents: documentSummaries(set, facts, findings),
    facts,
    citations,
    ...(links.length > 0 ? { links } : {}),
    findings,
    outcomes,
  };
  if (headings.length > 0) result.headings = headings;
  if (units !== undefined) result.units = units;
  return result;
}

/**
 * Each cited anchored heading with the state its evidence gives it: a heading
 * needs nothing itself, but what cites it is shown as a fact's evidence is,
 * implemented and verified → verified, implemented only, tested only →
 * missing implementation, a deviation → deviated, only stale pins → stale.
 */
// @implements trace#HEADING-EVIDENCE
function citedHeadings(
  index: ReturnType<typeof indexFacts>,
  byFact: Map<string, number[]>,
  citations: JudgedCitation[],
): FactTrace[] {
  const out: FactTrace[] = [];
  for (const address of index.headings) {
    const refs = byFact.get(address);
    if (refs === undefined || refs.length === 0) continue;
    const fact = index.byAddress.get(address);
    if (fact === undefined) continue;
    const evidence = countEvidence(refs, citations);
    const state: FactState =
      evidence.deviates > 0
        ? 'deviated'
        : evidence.implements > 0 && evidence.verifies > 0
          ? 'verified'
          : evidence.implements > 0
            ? 'implemented'
            : evidence.verifies > 0
              ? missingImplementation.id
              : evidence.stale > 0
                ? 'stale'
                : 'service';
    out.push({ ...factTrace(fact, { required: [], state, gaps: [] }, refs), unit: 'heading' });
  }
  return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
}

/** What vibevm reports beyond factline's findings: status against evidence and long sections. */
function vibevmReports(
  set: SpecSet,
  index: ReturnType<typeof indexFacts>,
  byFact: Map<string, number[]>,
  citations: JudgedCitation[],
  addressing: Addressing,
  out: FindingCollector,
): void {
  const scope = addressing.progressScope ?? { include: [], exclude: [] };
  const evidence = (address: string) =>
    index.headings.has(address)
      ? evidenceByVerb(citations, byFact.get(address) ?? [])
      : { implements: 0, verifies: 0 };
  for (const f of statusAgainstEvidenceFindings(set.documents, evidence, scope)) out.add(f);
  const roots = (addressing.specRoots ?? []).map((r) => `${r.replace(/\/+$/, '')}/`);
  const measured = (file: string) => roots.some((r) => file.startsWith(r));
  for (const f of longSections(set.documents, measured, addressing.maxSectionLines)) out.add(f);
}

/**
 * vibevm's specmap mints a unit for every anchored heading, a repeated anchor
 * too (after warning `duplicate-anchor`): the repeats, listed under the
 * address the first one holds. Citations still resolve to the first.
 */
// @implements vibevm#REPEATED-ANCHORS-LISTED
function repeatedHeadingUnits(index: ReturnType<typeof indexFacts>, addressing: Addressing): UnitEntry[] {
  const out: UnitEntry[] = [];
  for (const doc of index.docs.values()) {
    const seen = new Set(doc.facts.map((f) => f.id));
    for (const s of doc.sections) {
      if (!s.explicitAnchor) continue;
      const first = index.byAddress.get(`${doc.doc}#${s.anchor}`);
      if (!seen.has(s.anchor) && first?.line === s.line) {
        seen.add(s.anchor);
        continue;
      }
      seen.add(s.anchor);
      const unit: UnitEntry = {
        address: `${doc.doc}#${s.anchor}`,
        kind: 'heading',
        anchor: s.anchor,
        file: doc.file,
        line: s.line,
        title: s.title,
      };
      const uri = unitUri(doc.doc, s.anchor, addressing);
      if (uri !== undefined) unit.uri = uri;
      out.push(unit);
    }
  }
  return out;
}

function documentsByPath(set: SpecSet): SpecDocument[] {
  return [...set.documents].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** Indexes of each fact's resolved citations, keyed by address. */
function citationsByFact(citations: JudgedCitation[]): Map<string, number[]> {
  const byFact = new Map<string, number[]>();
  for (let i = 0; i < citations.length; i++) {
    const resolved = citations[i]!.resolved;
    if (resolved === undefined) continue;
    const list = byFact.get(resolved);
    if (list === undefined) byFact.set(resolved, [i]);
    else list.push(i);
  }
  return byFact;
}

/** The reader's diagnostics become findings under their own codes. */
function reportDiagnostics(doc: SpecDocument, strict: boolean, out: FindingCollector): void {
  for (const d of doc.diagnostics) {
    out.add({
      rule: d.code,
      severity: strictSeverity(d, strict),
      file: d.file,
      line: d.line,
      column: d.column,
      message: d.message,
      ...(d.fix !== undefined ? { fix: d.fix } : {}),
    });
  }
}

/** A duplicate id is the reader's finding; only the first definition is traced. */
function firstDefinitions(doc: SpecDocument): Fact[] {
  const seen = new Set<string>();
  return doc.facts.filter((fact) => {
    if (seen.has(fact.address)) return false;
    seen.add(fact.address);
    return true;
  });
}

/** One pass over a fact's citations (this runs for every fact). */
/** Counters in locals, not a keyed increment per citation: this reads every citation of the tree. */
function countEvidence(refs: number[], citations: JudgedCitation[]): Evidence {
  let implementing = 0;
  let verifies = 0;
  let deviates = 0;
  let stale = 0;
  for (const i of refs) {
    const c = citations[i]!;
    if (c.counted) {
      if (c.verb === 'verifies') verifies++;
      else if (c.verb === 'deviates') deviates++;
      // A module's scope! marker is its implementing claim for the unit (vibevm records it as one).
      else implementing++;
    }
    if (c.problem === staleCitation.id) stale++;
  }
  return { implements: implementing, verifies, deviates, stale };
}

// @implements trace#FACT-STATE-DECIDED-ONCE
function judgeFact(
  fact: Fact,
  cited: FactCitations,
  options: PolicyOptions & Pick<TraceOptions, 'hintFiles'>,
  out: FindingCollector,
): Judgement {
  const evidence = countEvidence(cited.refs, cited.citations);
  const obligation = obligationOf(fact, options);
  if (obligation.kind !== 'required') {
    if (obligation.kind === 'pending') {
      const note = statusBehindEvidenceFinding(fact, evidence);
      if (note) out.add(note);
    }
    return { required: [], state: obligation.kind, gaps: [] };
  }
  const required = obligation.evidence;
  // A deviation stands in for the evidence: the fact is listed as deviated, not as a gap.
  if (evidence.deviates > 0) return { required, state: 'deviated', gaps: [] };
  const gaps = TRACED.filter((t) => required.includes(t.kind) && evidence[t.verb] === 0).map((t) => t.gap);
  reportGaps(fact, gaps, cited, out, options.hintFiles);
  for (const f of missingEvidenceFindings(fact, required)) out.add(f);
  return { required, state: outcomeState(stateOf(required, gaps, evidence.stale), cited), gaps };
}

function stateOf(required: EvidenceKind[], gaps: GapKind[], stale: number): FactState {
  if (gaps.length === 2) return stale > 0 ? 'stale' : 'missing';
  if (gaps.length === 1) return gaps[0]!;
  if (required.includes('verification')) return 'verified';
  // Needing only refinement: covered until the refinement pass finds otherwise (checks/refinement.ts).
  if (!required.includes('implementation') && required.includes('refinement')) return 'refined';
  return 'implemented';
}

/**
 * A test gap whose verifying tests exist but failed (or did not run) is in
 * its own state: a reader fixes a failing test, not a missing one, and every
 * view (badge, tile, chip, console summary) shows the one state decided here.
 * A failure outranks a skip.
 */
// @implements report#REPORT-FAILED-TESTS-TALLIED-AS-FAILED
function outcomeState(state: FactState, { refs, citations }: FactCitations): FactState {
  if (state !== missingVerification.id && state !== 'missing') return state;
  let skipped = false;
  for (const i of refs) {
    const c = citations[i]!;
    if (c.verb !== 'verifies') continue;
    if (c.problem === verificationFailed.id) return 'test-failed';
    if (c.problem === verificationSkipped.id) skipped = true;
  }
  return skipped ? 'test-skipped' : state;
}

// @implements trace#GATE-MISSING-IMPLEMENTATION
// @implements trace#GATE-MISSING-VERIFICATION
/** Stale citations of one verb among a fact's citations: a fact whose only citations of that kind are stale is told to re-pin. */
function staleOf(
  verb: JudgedCitation['verb'],
  refs: readonly number[],
  citations: readonly JudgedCitation[],
): number {
  let n = 0;
  for (const i of refs) {
    const c = citations[i]!;
    if (c.verb === verb && c.problem === staleCitation.id) n++;
  }
  return n;
}

function reportGaps(
  fact: Fact,
  gaps: GapKind[],
  { refs, citations }: FactCitations,
  out: FindingCollector,
  files: TraceOptions['hintFiles'],
): void {
  for (const gap of gaps) {
    if (gap === missingImplementation.id) {
      const stale = staleOf('implements', refs, citations);
      out.add(
        missingImplementationFinding(fact, stale, () =>
          citationExample('implements', fact.address, files?.sources ?? []),
        ),
      );
    } else if (!explainedByOutcome(refs, citations)) {
      // A failed or skipped test already reported itself; the gap is not told twice.
      const stale = staleOf('verifies', refs, citations);
      out.add(
        missingVerificationFinding(fact, stale, () =>
          citationExample('verifies', fact.address, files?.tests ?? []),
        ),
      );
    }
  }
}

/**
 * The fact's TRACED_FACT_FIELDS (checks/model.ts), in that order (the order `--json` prints),
 * then the judgement. Spelled field by field: every fact then builds the
 * same object shape, where a loop over the field names cost a warm run of
 * 8,000 facts about as much as all its stats.
 */
function factTrace(fact: Fact, judgement: Judgement, refs: number[]): FactTrace {
  const t = {
    address: fact.address,
    doc: fact.doc,
    id: fact.id,
    file: fact.file,
    line: fact.line,
  } as FactTrace;
  if (fact.label !== undefined) t.label = fact.label;
  if (fact.section !== undefined) t.section = fact.section;
  // Guarded as the optional ones are: a unit built elsewhere (a heading) may lack one, and is printed without it.
  if (fact.text !== undefined) t.text = fact.text;
  if (fact.digest !== undefined) t.digest = fact.digest;
  if (fact.status !== undefined) t.status = fact.status;
  if (fact.factClass !== undefined) t.factClass = fact.factClass;
  if (fact.attributes !== undefined) t.attributes = fact.attributes;
  t.required = judgement.required;
  t.state = judgement.state;
  t.gap = judgement.gaps.length > 0;
  t.gaps = judgement.gaps;
  t.citations = refs;
  return t;
}

/**
 * Each document's tally of its own facts; findings count towards the
 * document they name (by fact, else by spec file).
 */
function documentSummaries(set: SpecSet, facts: FactTrace[], findings: Finding[]): TraceResult['documents'] {
  // Grouped in one pass: a filter per document was documents × facts (100 specs of 1,000 facts: a fifth of a second).
  const factsOf = new Map<string, FactTrace[]>();
  for (const f of facts) {
    const list = factsOf.get(f.doc);
    if (list === undefined) factsOf.set(f.doc, [f]);
    else list.push(f);
  }
  const documents = documentsByPath(set).map((doc) => ({
    doc: doc.doc,
    file: doc.file,
    summary: {
      ...tallyFacts(factsOf.get(doc.doc) ?? []),
      findings: countSeverities([]),
    } satisfies Summary,
  }));
  const byDoc = new Map(documents.map((d) => [d.doc, d.summary]));
  const byFile = new Map(documents.map((d) => [d.file, d.summary]));
  const docOfFact = new Map(facts.map((f) => [f.address, f.doc]));
  for (const f of findings) {
    const doc = f.fact !== undefined ? docOfFact.get(f.fact) : undefined;
    const summary = (doc !== undefined ? byDoc.get(doc) : undefined) ?? byFile.get(f.file);
    if (summary) summary.findings[f.severity]++;
  }
  return documents;
}

/** Every citable unit (facts and anchored headings) in file and line order, with its `spec://` uri. */
// @implements trace#UNITS-CARRY-URI
function unitsOf(index: ReturnType<typeof indexFacts>, addressing: Addressing): UnitEntry[] {
  const units: UnitEntry[] = [];
  for (const fact of index.byAddress.values()) {
    const heading = index.headings.has(fact.address);
    const unit: UnitEntry = {
      address: fact.address,
      kind: heading ? 'heading' : 'fact',
      anchor: fact.id,
      file: fact.file,
      line: fact.line,
      title: fact.text,
    };
    // vibevm's specmap mints no unit for a table cell or a code anchor (docs/vibevm.md).
    // @implements vibevm#CELLS-AND-CODE-NOT-MINTED
    // @implements vibevm#XML-UNITS
    // From a `.xml` spec, vibevm mints exactly the units its XML reader lists, each carrying its content hash.
    const minted =
      addressing.profile !== 'vibevm' ||
      (fact.unit !== 'tableCell' &&
        fact.code === undefined &&
        (fact.contentHash !== undefined || !fact.file.endsWith('.xml')));
    const uri = minted ? unitUri(fact.doc, fact.id, addressing) : undefined;
    if (uri !== undefined) unit.uri = uri;
    if (heading) {
      const doc = index.docs.get(fact.doc);
      const revision = kindRevision(fact, doc, addressing.profile);
      const kind =
        addressing.profile === 'vibevm'
          ? doc && ownSection(doc, fact.id, fact.line)?.leadKind?.kind
          : fact.kindLine?.kind;
      if (kind) unit.unitKind = kind;
      if (revision !== undefined) unit.revision = revision;
    }
    // @implements vibevm#XML-CONTENT-HASH
    if (fact.contentHash !== undefined) unit.contentHash = fact.contentHash;
    units.push(unit);
  }
  if (addressing.profile === 'vibevm') units.push(...repeatedHeadingUnits(index, addressing));
  return units.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
}
