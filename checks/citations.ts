/**
 * Judging each scanned citation: resolve it, then decide whether it counts
 * as evidence or raises a finding (unknown, ambiguous, void, misplaced,
 * stale, deviation without reason). Pure.
 */

import type { FindingCollector } from './findings.ts';
import type { Citation } from './model.ts';
import { currentPin, type FactIndex, kindRevision, pinMatches, resolveRef } from './resolve.ts';
import type { ScannedCitation } from './scan/types.ts';

export interface ScannedFile {
  /** Repo-relative, forward slashes. */
  file: string;
  inTest: boolean;
  citations: ScannedCitation[];
}

const byFile = (a: ScannedFile, b: ScannedFile): number => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
const byPlace = (a: ScannedCitation, b: ScannedCitation): number => a.line - b.line || a.column - b.column;

/**
 * Marks the citation with the rule and reports it. A module-level function,
 * not a closure per citation: this runs for every citation of a repository,
 * and under tsx (keepNames) each closure costs a property definition.
 */
function flag(
  citation: Citation,
  out: FindingCollector,
  finding: Parameters<FindingCollector['add']>[0],
): void {
  citation.problem = finding.rule;
  out.add(finding);
}

/** Scanners emit citations in file order, so the sort (and its copy) is usually not needed. */
function inPlaceOrder(list: ScannedCitation[]): boolean {
  for (let i = 1; i < list.length; i++) if (byPlace(list[i - 1]!, list[i]!) > 0) return false;
  return true;
}

function quote(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

// @implements factline#GATE-UNKNOWN-AND-AMBIGUOUS
// @implements factline#GATE-STALE-PIN-STOPS-COUNTING
// @implements factline#GATE-MISPLACED-CITATION
// @implements factline#GATE-DEVIATION-NEEDS-REASON
// @implements factline#GATE-VOID-FACT-CITED
export function judgeCitations(files: ScannedFile[], index: FactIndex, out: FindingCollector): Citation[] {
  const citations: Citation[] = [];
  const ordered = [...files].sort(byFile);
  for (const scanned of ordered) {
    const list = inPlaceOrder(scanned.citations) ? scanned.citations : [...scanned.citations].sort(byPlace);
    for (const raw of list) {
      // Plain assignments, not spreads: this runs once per citation of the repository.
      const citation: Citation = {
        verb: raw.verb,
        ref: raw.ref,
        id: raw.id,
        file: scanned.file,
        line: raw.line,
        column: raw.column,
        inTest: scanned.inTest || raw.inTest === true,
        counted: false,
      };
      if (raw.uri !== undefined) citation.uri = raw.uri;
      if (raw.covers !== undefined) citation.covers = raw.covers;
      if (raw.doc !== undefined) citation.doc = raw.doc;
      if (raw.pin !== undefined) citation.pin = raw.pin;
      if (raw.reason !== undefined) citation.reason = raw.reason;
      if (raw.symbol !== undefined) citation.symbol = raw.symbol;
      if (raw.testName !== undefined) citation.testName = raw.testName;
      citations.push(citation);
      const place = { file: citation.file, line: citation.line, column: citation.column };
      if (raw.malformed !== undefined) {
        flag(citation, out, {
          rule: 'unknown-fact',
          ...place,
          message: `@${raw.verb}: ${raw.malformed}`,
          fix: 'write the reference as DOC#ID, ID, or DOC#ID~PIN (8 hex digits of the digest, or rN)',
        });
        continue;
      }
      const resolution = resolveRef(raw, index);
      if (resolution.kind === 'unknown') {
        flag(citation, out, {
          rule: 'unknown-fact',
          ...place,
          message: `@${raw.verb} ${raw.ref}: ${resolution.reason}`,
          fix:
            resolution.suggestions.length > 0
              ? `did you mean ${resolution.suggestions.map((s) => `\`${s}\``).join(', ')}?`
              : 'check the id against `factline facts`, or load the spec that defines it',
        });
        continue;
      }
      if (resolution.kind === 'ambiguous') {
        flag(citation, out, {
          rule: 'ambiguous-fact',
          ...place,
          message: `@${raw.verb} ${raw.ref}: \`${raw.id}\` is defined in ${resolution.candidates.length} specs`,
          fix: `name the document: ${resolution.candidates.map((c) => `\`${c}\``).join(' or ')}`,
        });
        continue;
      }
      const fact = resolution.fact;
      citation.resolved = fact.address;
      // Field by field, not by spread: this runs for every resolved citation.
      const factPlace = { file: place.file, line: place.line, column: place.column, fact: fact.address };
      if (fact.status.state === 'void') {
        flag(citation, out, {
          rule: 'void-fact-cited',
          ...factPlace,
          message: `@${raw.verb} ${raw.ref}: ${fact.address} is void (withdrawn)`,
          fix: 'remove the citation, or cite the fact that replaced it',
        });
        continue;
      }
      if (raw.verb === 'implements' && citation.inTest) {
        flag(citation, out, {
          rule: 'misplaced-citation',
          ...factPlace,
          message: `@implements ${raw.ref} in a test file`,
          fix: 'move it next to the implementing code, or use @verifies for a test that proves the fact',
        });
        continue;
      }
      if (raw.verb === 'verifies' && !citation.inTest) {
        flag(citation, out, {
          rule: 'misplaced-citation',
          ...factPlace,
          message: `@verifies ${raw.ref} outside the test files`,
          fix: 'move it into the test that proves the fact, or use @implements; test code is a file matching the `tests` globs, or a #[cfg(test)] / #[test] / describe / it block',
        });
        continue;
      }
      if (raw.verb === 'deviates' && (raw.reason === undefined || raw.reason === '')) {
        flag(citation, out, {
          rule: 'deviation-without-reason',
          ...factPlace,
          message: `@deviates ${raw.ref} gives no reason`,
          fix: `write the reason: @deviates ${raw.ref} reason="why the code departs from the fact"`,
        });
        continue;
      }
      if (raw.pin !== undefined) {
        const doc = index.docs.get(fact.doc);
        if (
          index.headings.has(fact.address) &&
          /^r[0-9]+$/.test(raw.pin) &&
          kindRevision(fact, doc) === undefined
        ) {
          // vibevm's pin-into-unmarked-unit: a revision pin on a heading that declares no revision
          // yet is a note for the spec's author, not a reason to stop counting the code.
          // @implements real-codebases#PIN-INTO-UNMARKED-UNIT
          out.add({
            rule: 'pin-into-unmarked-unit',
            ...factPlace,
            message: `${raw.verb} ${citation.uri ?? raw.ref} pins ${raw.pin} but ${fact.address} carries no kind/revision line yet`,
            fix: `give the section a kind line (\`req ${raw.pin}\` as a fact right under its heading), or drop the pin`,
          });
          citation.counted = true;
          continue;
        }
        if (!pinMatches(raw.pin, fact, doc)) {
          const now = currentPin(fact, doc, raw.pin);
          flag(citation, out, {
            rule: 'stale-citation',
            ...factPlace,
            message: `@${raw.verb} ${raw.ref}: pin ~${raw.pin} no longer matches ${fact.address} (now ~${now}); the fact now reads: "${quote(fact.text)}"`,
            fix: revisionGone(raw.pin, now)
              ? `no kind line governs ${fact.address} any more, so a revision pin cannot match; review this code against the fact, then run \`factline pin ${fact.address}\` to re-stamp it with the digest pin ~${now}`
              : `review this code against the fact, then run \`factline pin ${fact.address}\``,
          });
          continue;
        }
      }
      citation.counted = true;
    }
  }
  return citations;
}

/** A revision pin whose fact has no kind revision now: `pin` turns it into a digest pin. */
function revisionGone(pin: string, now: string): boolean {
  return pin.startsWith('r') && !now.startsWith('r');
}
