/**
 * Judging each scanned citation: resolve it, then decide whether it counts
 * as evidence or raises a finding, in order: its reference (unknown,
 * ambiguous, another namespace, moved), its use of the fact (void,
 * misplaced, deviation without reason), its pin (unmarked unit, stale).
 * Each rule's test and finding are its unit's (checks/rules/). Pure.
 */

import type { Fact } from '../reader/model.ts';
import type { FindingCollector } from './findings.ts';
import type { JudgedCitation } from './model.ts';
import {
  currentPin,
  type FactIndex,
  kindRevision,
  pinMatches,
  type Resolution,
  resolveRef,
} from './resolve.ts';
import { ambiguousFactFinding } from './rules/ambiguous-fact.ts';
import { deviationWithoutReasonFinding } from './rules/deviation-without-reason.ts';
import { misplacedCitationFinding } from './rules/misplaced-citation.ts';
import { movedFactFinding } from './rules/moved-fact.ts';
import { pinIntoUnmarkedUnitFinding } from './rules/pin-into-unmarked-unit.ts';
import { staleCitationFinding } from './rules/stale-citation.ts';
import type { Raised } from './rules/unit.ts';
import { malformedCitationFinding, unknownFactFinding } from './rules/unknown-fact.ts';
import { unknownNamespaceFinding } from './rules/unknown-namespace.ts';
import { voidFactCitedFinding } from './rules/void-fact-cited.ts';
import type { ScannedCitation } from './scan/types.ts';

export interface ScannedFile {
  /** Repo-relative, forward slashes. */
  file: string;
  inTest: boolean;
  citations: ScannedCitation[];
}

const byFile = (a: ScannedFile, b: ScannedFile): number => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
const byPlace = (a: ScannedCitation, b: ScannedCitation): number => a.line - b.line || a.column - b.column;

/** Scanners emit citations in file order, so the sort (and its copy) is usually not needed. */
function inFileOrder(list: ScannedCitation[]): ScannedCitation[] {
  for (let i = 1; i < list.length; i++)
    if (byPlace(list[i - 1]!, list[i]!) > 0) return [...list].sort(byPlace);
  return list;
}

export function judgeCitations(
  files: ScannedFile[],
  index: FactIndex,
  out: FindingCollector,
): JudgedCitation[] {
  const citations: JudgedCitation[] = [];
  for (const scanned of [...files].sort(byFile)) {
    for (const raw of inFileOrder(scanned.citations)) {
      const citation = toCitation(raw, scanned);
      citations.push(citation);
      const problem = judgeCitation(citation, raw, index, out);
      if (problem === undefined) {
        citation.counted = true;
      } else {
        // Marks the citation with the rule that stopped it counting, and reports it.
        citation.problem = problem.rule;
        out.add(problem);
      }
    }
  }
  return citations;
}

/**
 * This runs once per citation of the repository, and the trace then reads
 * every citation several times: each one is built with every field, in one
 * order, so they all share one object shape and those reads stay cheap (with
 * fields added only when present, a large tree's citations took dozens of
 * shapes). A field left undefined is absent from the JSON, and the order
 * below is the order the fields were added in before, so `--json` is
 * unchanged.
 */
function toCitation(raw: ScannedCitation, scanned: ScannedFile): JudgedCitation {
  return {
    verb: raw.verb,
    ref: raw.ref,
    id: raw.id,
    file: scanned.file,
    line: raw.line,
    column: raw.column,
    inTest: scanned.inTest || raw.inTest === true,
    counted: false,
    uri: raw.uri,
    covers: raw.covers,
    doc: raw.doc,
    pin: raw.pin,
    reason: raw.reason,
    symbol: raw.symbol,
    testName: raw.testName,
    notRun: raw.notRun,
    resolved: undefined,
    outcome: undefined,
    problem: undefined,
  };
}

/** The first problem of one citation, in order: its reference, its use of the fact, its pin. */
function judgeCitation(
  citation: JudgedCitation,
  raw: ScannedCitation,
  index: FactIndex,
  out: FindingCollector,
): Raised | undefined {
  if (raw.malformed !== undefined) return malformedCitationFinding(citation, raw.malformed);
  const resolution = resolveRef(citation, index);
  if (resolution.kind !== 'fact') return unresolved(citation, resolution);
  const fact = resolution.fact;
  citation.resolved = fact.address;
  if (resolution.movedFrom !== undefined) out.add(movedFactFinding(citation, fact, resolution.movedFrom));
  return (
    voidFactCitedFinding(citation, fact) ??
    // vibevm counts every edge by its verb, wherever it stands (docs/vibevm.md).
    // @implements vibevm#EDGES-BY-VERB
    (index.addressing.profile === 'vibevm' ? undefined : misplacedCitationFinding(citation, fact)) ??
    deviationWithoutReasonFinding(citation, fact) ??
    staleness(citation, fact, index, out)
  );
}

function unresolved(citation: JudgedCitation, resolution: Exclude<Resolution, { kind: 'fact' }>): Raised {
  if (resolution.kind === 'other-namespace') return unknownNamespaceFinding(citation, resolution.reason);
  if (resolution.kind === 'unknown') return unknownFactFinding(citation, resolution);
  return ambiguousFactFinding(citation, resolution);
}

/**
 * A pinned citation: a revision pin on a heading that declares no revision
 * yet is a note for the spec's author, not a reason to stop counting the
 * code; any other pin that no longer matches stops it counting.
 */
function staleness(
  citation: JudgedCitation,
  fact: Fact,
  index: FactIndex,
  out: FindingCollector,
): Raised | undefined {
  if (citation.pin === undefined) return undefined;
  const pinned = citation as JudgedCitation & { pin: string };
  const doc = index.docs.get(fact.doc);
  const profile = index.addressing.profile;
  // @implements vibevm#PIN-INTO-ANY-UNIT
  // vibevm notes a revision pin into any unit without a revision line, facts included (they never carry one).
  const heading = profile === 'vibevm' || index.headings.has(fact.address);
  const note = pinIntoUnmarkedUnitFinding(pinned, fact, {
    heading,
    revision: heading ? kindRevision(fact, doc, profile) : undefined,
  });
  if (note !== undefined) {
    out.add(note);
    return undefined;
  }
  if (pinMatches(citation.pin, fact, doc, profile)) return undefined;
  return staleCitationFinding(pinned, fact, currentPin(fact, doc, citation.pin, profile));
}
