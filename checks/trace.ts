/**
 * The gate's pure core: join facts (with the policy in force) and judged
 * citations into a TraceResult with every finding. Deterministic: documents
 * sorted by path, facts as the spec writes them, citations and findings by place.
 */
import type { EvidenceKind, SpecSet } from '../reader/model.ts';
import { strictSeverity } from '../reader/normative-service.ts';
import { judgeCitations, type ScannedFile } from './citations.ts';
import { countSeverities, FindingCollector } from './findings.ts';
import { missingEvidenceFinding } from './gap-messages.ts';
import type { Citation, FactState, FactTrace, Finding, Summary, TraceResult } from './model.ts';
import { explainedByOutcome, joinOutcomes, type OutcomeInput } from './outcomes.ts';
import { obligationOf, type PolicyOptions, TRACED_EVIDENCE } from './policy.ts';
import { indexFacts } from './resolve.ts';

export type { ScannedFile } from './citations.ts';

export interface TraceOptions extends PolicyOptions {
  /** Findings raised elsewhere (e.g. generated drift), merged and sorted in. */
  extraFindings?: Finding[];
  /** Test results to join to verifying citations; without them outcomes are not checked. */
  results?: OutcomeInput;
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
  const index = indexFacts(set);
  const citations = judgeCitations(files, index, out);
  const outcomes = joinOutcomes(citations, options.results, out);
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
        severity: strictSeverity(d, options.strict),
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
          if (c.verb === 'implements') implCount++;
          else if (c.verb === 'verifies') verCount++;
          else if (c.verb === 'deviates') devCount++;
        }
        if (c.problem === 'stale-citation') staleCount++;
      }
      const counts: Record<Citation['verb'], number> = {
        implements: implCount,
        verifies: verCount,
        deviates: devCount,
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
            out.add(missingEvidenceFinding('implements', fact, place, refs, citations));
          }
          if (missingVer) summary.missingVerification++;
          if (missingVer && !explainedByOutcome(refs, citations)) {
            out.add(missingEvidenceFinding('verifies', fact, place, refs, citations));
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
  return { summary, documents: docSummaries, facts, citations, findings, outcomes };
}
