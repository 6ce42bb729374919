/**
 * Judging each scanned citation: resolve it, then decide whether it counts
 * as evidence or raises a finding (unknown, ambiguous, void, misplaced,
 * stale, deviation without reason). Pure.
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
import { ambiguousFact } from './rules/ambiguous-fact.ts';
import { deviationWithoutReason } from './rules/deviation-without-reason.ts';
import { misplacedCitation } from './rules/misplaced-citation.ts';
import { movedFact } from './rules/moved-fact.ts';
import { pinIntoUnmarkedUnit } from './rules/pin-into-unmarked-unit.ts';
import { staleCitation } from './rules/stale-citation.ts';
import { unknownFact } from './rules/unknown-fact.ts';
import { unknownNamespace } from './rules/unknown-namespace.ts';
import { voidFactCited } from './rules/void-fact-cited.ts';
import type { ScannedCitation } from './scan/types.ts';

export interface ScannedFile {
  /** Repo-relative, forward slashes. */
  file: string;
  inTest: boolean;
  citations: ScannedCitation[];
}

const byFile = (a: ScannedFile, b: ScannedFile): number => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
const byPlace = (a: ScannedCitation, b: ScannedCitation): number => a.line - b.line || a.column - b.column;

/** A finding a citation raises, before the collector gives it its severity. */
type Problem = Parameters<FindingCollector['add']>[0];

/** Scanners emit citations in file order, so the sort (and its copy) is usually not needed. */
function inFileOrder(list: ScannedCitation[]): ScannedCitation[] {
  for (let i = 1; i < list.length; i++)
    if (byPlace(list[i - 1]!, list[i]!) > 0) return [...list].sort(byPlace);
  return list;
}

function quote(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
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
): Problem | undefined {
  if (raw.malformed !== undefined) {
    return {
      rule: unknownFact.id,
      ...placeOf(citation),
      message: `@${citation.verb}: ${raw.malformed}`,
      fix: 'write the reference as DOC#ID, ID, or DOC#ID~PIN (8 hex digits of the digest, or rN)',
    };
  }
  const resolution = resolveRef(citation, index);
  if (resolution.kind !== 'fact') return unresolved(citation, resolution);
  citation.resolved = resolution.fact.address;
  if (resolution.movedFrom !== undefined) out.add(movedNote(citation, resolution.fact, resolution.movedFrom));
  return misuse(citation, resolution.fact) ?? staleness(citation, resolution.fact, index, out);
}

function placeOf(citation: JudgedCitation): { file: string; line: number; column: number } {
  return { file: citation.file, line: citation.line, column: citation.column };
}

/** Field by field, not by spread: this runs for every resolved citation. */
function factPlaceOf(
  citation: JudgedCitation,
  fact: Fact,
): { file: string; line: number; column: number; fact: string } {
  return { file: citation.file, line: citation.line, column: citation.column, fact: fact.address };
}

// @implements trace#GATE-UNKNOWN-AND-AMBIGUOUS
// @implements trace#MESSAGES-DELETED-FACT-REMOVE-CITATION
function unresolved(citation: JudgedCitation, resolution: Exclude<Resolution, { kind: 'fact' }>): Problem {
  if (resolution.kind === 'other-namespace') {
    return {
      rule: unknownNamespace.id,
      ...placeOf(citation),
      message: `@${citation.verb} ${citation.ref}: ${resolution.reason}`,
      fix: 'cite the fact by an address of this project (its `namespace`, or DOC#ID), or configure the other project under `externalSpecs` (external_specs in specmap.toml)',
    };
  }
  if (resolution.kind === 'unknown') {
    return {
      rule: unknownFact.id,
      ...placeOf(citation),
      message: `@${citation.verb} ${citation.ref}: ${resolution.reason}`,
      fix:
        resolution.suggestions.length > 0
          ? `did you mean ${resolution.suggestions.map((s) => `\`${s}\``).join(', ')}?`
          : 'if the fact was removed from the spec, remove this citation (or cite the fact that replaced it); if the id is mistyped, fix it (`factline facts` lists the ids)',
    };
  }
  return {
    rule: ambiguousFact.id,
    ...placeOf(citation),
    message:
      citation.doc === undefined
        ? `@${citation.verb} ${citation.ref}: \`${citation.id}\` is defined in ${resolution.candidates.length} specs`
        : `@${citation.verb} ${citation.ref}: \`${citation.doc}\` names ${resolution.documents?.length ?? resolution.candidates.length} documents (${(resolution.documents ?? []).join(', ')})`,
    fix: `name the document: ${resolution.candidates.map((c) => `\`${c}\``).join(' or ')}`,
  };
}

/** A citation that reached its fact through an `@aliases:` line: it counts, and is told the new address. */
// @implements trace#MOVED-FACT-RESOLVES
function movedNote(citation: JudgedCitation, fact: Fact, old: string): Problem {
  return {
    rule: movedFact.id,
    ...factPlaceOf(citation, fact),
    message: `@${citation.verb} ${citation.ref}: \`${old}#${fact.id}\` moved to \`${fact.address}\` (${fact.file} takes in \`${old}\` on its @aliases: line)`,
    fix: `cite it as \`${fact.address}\`: \`factline pin --moved\` rewrites every moved address`,
  };
}

/** A citation of a void fact, a verb in the wrong kind of file, or a deviation without its reason. */
// @implements trace#GATE-MISPLACED-CITATION
// @implements trace#GATE-DEVIATION-NEEDS-REASON
// @implements trace#GATE-VOID-FACT-CITED
function misuse(citation: JudgedCitation, fact: Fact): Problem | undefined {
  if (fact.status.state === 'void') {
    return {
      rule: voidFactCited.id,
      ...factPlaceOf(citation, fact),
      message: `@${citation.verb} ${citation.ref}: ${fact.address} is void (withdrawn)`,
      fix: 'remove the citation, or cite the fact that replaced it',
    };
  }
  if (citation.verb === 'implements' && citation.inTest) {
    return {
      rule: misplacedCitation.id,
      ...factPlaceOf(citation, fact),
      message: `@implements ${citation.ref} in a test file`,
      fix: 'move it next to the implementing code, or use @verifies for a test that proves the fact',
    };
  }
  if (citation.verb === 'verifies' && !citation.inTest) {
    return {
      rule: misplacedCitation.id,
      ...factPlaceOf(citation, fact),
      message: `@verifies ${citation.ref} outside the test files`,
      fix: 'move it into the test that proves the fact, or use @implements; test code is a file matching the `tests` globs, or a #[cfg(test)] / #[test] / describe / it block',
    };
  }
  if (citation.verb === 'deviates' && (citation.reason === undefined || citation.reason === '')) {
    return {
      rule: deviationWithoutReason.id,
      ...factPlaceOf(citation, fact),
      message: `@deviates ${citation.ref} gives no reason`,
      fix: `write the reason: @deviates ${citation.ref} reason="why the code departs from the fact"`,
    };
  }
  return undefined;
}

/** A pin that no longer matches the fact's digest or kind revision. */
// @implements trace#GATE-STALE-PIN-STOPS-COUNTING
function staleness(
  citation: JudgedCitation,
  fact: Fact,
  index: FactIndex,
  out: FindingCollector,
): Problem | undefined {
  if (citation.pin === undefined) return undefined;
  const doc = index.docs.get(fact.doc);
  if (
    index.headings.has(fact.address) &&
    /^r[0-9]+$/.test(citation.pin) &&
    kindRevision(fact, doc) === undefined
  ) {
    // vibevm's pin-into-unmarked-unit: a revision pin on a heading that declares no revision
    // yet is a note for the spec's author, not a reason to stop counting the code.
    // @implements trace#PIN-INTO-UNMARKED-UNIT
    out.add({
      rule: pinIntoUnmarkedUnit.id,
      ...factPlaceOf(citation, fact),
      message: `${citation.verb} ${citation.uri ?? citation.ref} pins ${citation.pin} but ${fact.address} carries no kind/revision line yet`,
      fix: `give the section a kind line (\`req ${citation.pin}\` as a fact right under its heading), or drop the pin`,
    });
    return undefined;
  }
  if (pinMatches(citation.pin, fact, doc)) return undefined;
  const now = currentPin(fact, doc, citation.pin);
  return {
    rule: staleCitation.id,
    ...factPlaceOf(citation, fact),
    message: `@${citation.verb} ${citation.ref}: pin ~${citation.pin} no longer matches ${fact.address} (now ~${now}); the fact now reads: "${quote(fact.text)}"`,
    fix: revisionGone(citation.pin, now)
      ? `no kind line governs ${fact.address} any more, so a revision pin cannot match; review this code against the fact, then run \`factline pin ${fact.address}\` to re-stamp it with the digest pin ~${now}`
      : `review this code against the fact, then run \`factline pin ${fact.address}\``,
  };
}

/** A revision pin whose fact has no kind revision now: `pin` turns it into a digest pin. */
function revisionGone(pin: string, now: string): boolean {
  return pin.startsWith('r') && !now.startsWith('r');
}
