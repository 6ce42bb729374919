/**
 * The gate's pure core: join facts (with the policy in force) and judged
 * citations into a TraceResult with every finding. Deterministic: documents
 * sorted by path, facts as the spec writes them, citations and findings by place.
 */
import type { EvidenceKind, SpecSet } from '../reader/model.ts';
import { judgeCitations, type ScannedFile } from './citations.ts';
import { countSeverities, FindingCollector } from './findings.ts';
import type { Citation, FactState, FactTrace, Finding, Summary, TraceResult, UnitEntry } from './model.ts';
import { obligationOf, type PolicyOptions, TRACED_EVIDENCE } from './policy.ts';
import { type Addressing, indexFacts, kindRevision, unitUri } from './resolve.ts';

export type { ScannedFile } from './citations.ts';

export interface TraceOptions extends PolicyOptions {
  /** Findings raised elsewhere (e.g. generated drift), merged and sorted in. */
  extraFindings?: Finding[];
  /** `spec://` namespaces; when given, the result lists every unit with its uri. */
  addressing?: Addressing;
  /** The globs scanned: when given, a run that found nothing says so instead of passing quietly. */
  searched?: { globs: string[]; where: string };
}

function emptySummary(): Summary {
  return {
    facts: 0,
    required: 0,
    verified: 0,
    implemented: 0,
    missingImplementation: 0,
    missingVerification: 0,
    stale: 0,
    deviated: 0,
    pending: 0,
    service: 0,
    findings: { error: 0, warning: 0, info: 0 },
  };
}

const EVIDENCE_VERB: Record<string, Citation['verb']> = {
  implementation: 'implements',
  verification: 'verifies',
};

// @implements factline#GATE-MISSING-IMPLEMENTATION
// @implements factline#GATE-MISSING-VERIFICATION
// @implements factline#GATE-STATUS-BEHIND-EVIDENCE
// @implements factline#GATE-SPEC-DIAGNOSTICS-ARE-FINDINGS
// @implements factline#GATE-DETERMINISTIC-JSON
export function trace(set: SpecSet, files: ScannedFile[], options: TraceOptions): TraceResult {
  const out = new FindingCollector();
  const index = indexFacts(set, options.addressing);
  const citations = judgeCitations(files, index, out);
  const byFact = new Map<string, number[]>();
  for (let i = 0; i < citations.length; i++) {
    const resolved = citations[i]!.resolved;
    if (resolved === undefined) continue;
    const list = byFact.get(resolved);
    if (list === undefined) byFact.set(resolved, [i]);
    else list.push(i);
  }

  const documents = [...set.documents].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const facts: FactTrace[] = [];
  const docSummaries: TraceResult['documents'] = [];
  const factDoc = new Map<string, Summary>();
  for (const doc of documents) {
    const summary = emptySummary();
    docSummaries.push({ doc: doc.doc, file: doc.file, summary });
    for (const d of doc.diagnostics) {
      out.add({
        rule: d.code,
        severity: d.severity,
        file: d.file,
        line: d.line,
        column: d.column,
        message: d.message,
        ...(d.fix !== undefined ? { fix: d.fix } : {}),
      });
    }
    const seen = new Set<string>();
    for (const fact of doc.facts) {
      // A duplicate id is the reader's finding; trace the first definition only.
      if (seen.has(fact.address)) continue;
      seen.add(fact.address);
      factDoc.set(fact.address, summary);
      const refs = byFact.get(fact.address) ?? [];
      // One pass over the fact's citations (this runs for every fact).
      let implCount = 0;
      let verCount = 0;
      let devCount = 0;
      let staleCount = 0;
      for (const i of refs) {
        const c = citations[i]!;
        if (c.counted) {
          // A module's scope! marker is its implementing claim for the unit (vibevm records it as one).
          if (c.verb === 'implements' || c.verb === 'scope') implCount++;
          else if (c.verb === 'verifies') verCount++;
          else if (c.verb === 'deviates') devCount++;
        }
        if (c.problem === 'stale-citation') staleCount++;
      }
      const counts: Record<Citation['verb'], number> = {
        implements: implCount,
        verifies: verCount,
        deviates: devCount,
        scope: implCount,
      };
      const obligation = obligationOf(fact, options);
      const required: EvidenceKind[] = obligation.kind === 'required' ? obligation.evidence : [];
      const place = { file: fact.file, line: fact.line, column: fact.column, fact: fact.address };
      let state: FactState;
      summary.facts++;
      if (staleCount > 0) summary.stale++;
      if (obligation.kind === 'void') state = 'void';
      else if (obligation.kind === 'service') {
        state = 'service';
        summary.service++;
      } else if (obligation.kind === 'pending') {
        state = 'pending';
        summary.pending++;
        const impl = implCount;
        const ver = verCount;
        if (impl + ver > 0) {
          const evidence = [impl > 0 ? `${impl} implementing` : '', ver > 0 ? `${ver} verifying` : '']
            .filter(Boolean)
            .join(' and ');
          out.add({
            rule: 'status-behind-evidence',
            ...place,
            message: `${fact.address} is ${fact.status.stage}/${fact.status.state} but has ${evidence} citation(s)`,
            fix: 'if the work is done, mark it `@status:impl/done` (or test/done) so the gate holds it to its evidence',
          });
        }
      } else {
        summary.required++;
        const has = (kind: EvidenceKind) => {
          const verb = EVIDENCE_VERB[kind];
          return verb !== undefined && counts[verb] > 0;
        };
        if (has('implementation')) summary.implemented++;
        if (has('verification')) summary.verified++;
        if (devCount > 0) {
          state = 'deviated';
          summary.deviated++;
        } else {
          const missingImpl = required.includes('implementation') && !has('implementation');
          const missingVer = required.includes('verification') && !has('verification');
          if (missingImpl) {
            summary.missingImplementation++;
            out.add({
              rule: 'missing-implementation',
              ...place,
              message: `${fact.address} (${fact.status.stage}/${fact.status.state}) has no implementing citation${staleCount ? ` (${staleCount} stale)` : ''}`,
              fix: `add \`// @implements ${fact.address}\` next to the code that does it`,
            });
          }
          if (missingVer) {
            summary.missingVerification++;
            out.add({
              rule: 'missing-verification',
              ...place,
              message: `${fact.address} (${fact.status.stage}/${fact.status.state}) has no verifying test${staleCount ? ` (${staleCount} stale citation(s))` : ''}`,
              fix: `add \`// @verifies ${fact.address}\` inside or right above the test that proves it`,
            });
          }
          for (const kind of required) {
            if (TRACED_EVIDENCE.has(kind)) continue;
            out.add({
              rule: 'missing-evidence',
              ...place,
              message: `${fact.address} requires ${kind}, which citations cannot show`,
              fix: `check the ${kind} by hand, or drop \`${kind}\` from its @requires: list`,
            });
          }
          if (missingImpl && missingVer) state = staleCount > 0 ? 'stale' : 'missing';
          else if (missingImpl) state = 'missing-implementation';
          else if (missingVer) state = 'missing-verification';
          else state = required.includes('verification') ? 'verified' : 'implemented';
        }
      }
      facts.push({
        address: fact.address,
        doc: fact.doc,
        id: fact.id,
        file: fact.file,
        line: fact.line,
        ...(fact.label !== undefined ? { label: fact.label } : {}),
        ...(fact.section !== undefined ? { section: fact.section } : {}),
        text: fact.text,
        digest: fact.digest,
        status: fact.status,
        factClass: fact.factClass,
        required,
        state,
        citations: refs,
      });
    }
  }
  for (const f of options.extraFindings ?? []) out.add(f);
  if (options.searched) silentGreenWarnings(documents, facts, citations, options.searched, out);
  const findings = out.sorted();
  // Findings count towards the document they name (by fact, else by spec file).
  const byFile = new Map(docSummaries.map((d) => [d.file, d.summary]));
  for (const f of findings) {
    const summary = (f.fact !== undefined ? factDoc.get(f.fact) : undefined) ?? byFile.get(f.file);
    if (summary) summary.findings[f.severity]++;
  }
  const summary = emptySummary();
  for (const d of docSummaries) {
    for (const key of Object.keys(summary) as (keyof Summary)[]) {
      if (key !== 'findings') summary[key] += d.summary[key];
    }
  }
  summary.findings = countSeverities(findings);
  const result: TraceResult = { summary, documents: docSummaries, facts, citations, findings };
  const addressing = options.addressing;
  if (addressing && (addressing.namespace !== undefined || (addressing.external ?? []).length > 0)) {
    result.units = unitsOf(index, addressing);
  }
  return result;
}

/**
 * No silent green: a scan that found no citation at all, or a spec whose
 * facts need evidence and which nothing cites, most likely looked in the
 * wrong place; say where it looked.
 */
// @implements real-codebases#NO-SILENT-GREEN
function silentGreenWarnings(
  documents: SpecSet['documents'],
  facts: FactTrace[],
  citations: Citation[],
  searched: { globs: string[]; where: string },
  out: FindingCollector,
): void {
  const globs = searched.globs.length > 0 ? searched.globs.join(', ') : '(no globs)';
  if (citations.length === 0) {
    out.add({
      rule: 'nothing-cited',
      file: searched.where,
      line: 1,
      column: 1,
      message: `the scan found no citation at all; searched: ${globs}`,
      fix: 'point `sources` / `tests` (or scan_roots) at the code that cites the specs',
    });
    return;
  }
  const citedDocs = new Set<string>();
  for (const c of citations)
    if (c.resolved !== undefined) citedDocs.add(c.resolved.slice(0, c.resolved.lastIndexOf('#')));
  for (const doc of documents) {
    if (citedDocs.has(doc.doc)) continue;
    const required = facts.filter((f) => f.doc === doc.doc && f.required.length > 0).length;
    if (required === 0) continue;
    out.add({
      rule: 'document-uncited',
      file: doc.file,
      line: 1,
      column: 1,
      message: `${doc.doc}: none of its ${required} fact(s) that need evidence is cited anywhere; searched: ${globs}`,
      fix: `cite its facts (e.g. \`@implements ${doc.doc}#ID\`), or check that the globs reach the code that does`,
    });
  }
}

/** Every citable unit (facts and anchored headings) in file and line order, with its `spec://` uri. */
// @implements real-codebases#UNITS-CARRY-URI
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
    const uri = unitUri(fact.doc, fact.id, addressing);
    if (uri !== undefined) unit.uri = uri;
    if (heading) {
      const revision = kindRevision(fact, index.docs.get(fact.doc));
      if (fact.kindLine) unit.unitKind = fact.kindLine.kind;
      if (revision !== undefined) unit.revision = revision;
    }
    units.push(unit);
  }
  return units.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
}
