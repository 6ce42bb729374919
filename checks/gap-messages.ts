/**
 * The words of a missing-implementation / missing-verification finding
 * (issue 11): a fact whose only citations of that kind are stale is told to
 * review and re-pin them, not to add a citation, and the stale count names
 * that kind alone (implementations and tests are counted apart). Pure.
 */
import type { Fact } from '../reader/model.ts';
import { citationExample } from './comment-syntax.ts';
import type { Finding, JudgedCitation } from './model.ts';
import { missingImplementation } from './rules/missing-implementation.ts';
import { missingVerification } from './rules/missing-verification.ts';
import { staleCitation } from './rules/stale-citation.ts';

type Place = Pick<Finding, 'file' | 'line' | 'column' | 'fact'>;

/** Stale citations of one verb among a fact's citations. */
export function staleOf(
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

// @implements trace#MESSAGES-STALE-IS-NOT-MISSING
export function missingEvidenceFinding(
  verb: 'implements' | 'verifies',
  fact: Fact,
  place: Place,
  refs: readonly number[],
  citations: readonly JudgedCitation[],
  /** The project's files that would hold the citation (sources, or tests): the hint is written in their comment syntax. */
  files: readonly string[] = [],
): Omit<Finding, 'severity'> {
  const stale = staleOf(verb, refs, citations);
  const status = `${fact.status.stage}/${fact.status.state}`;
  const implementing = verb === 'implements';
  const rule = implementing ? missingImplementation.id : missingVerification.id;
  if (stale > 0) {
    const what = implementing
      ? `${stale} implementing citation${stale === 1 ? ' is' : 's are'}`
      : `${stale} verifying test citation${stale === 1 ? ' is' : 's are'}`;
    return {
      rule,
      ...place,
      message: `${fact.address} (${status}) has no current ${implementing ? 'implementing citation' : 'verifying test'}: ${what} stale`,
      fix: `review the ${implementing ? 'code' : 'tests'} against the reworded fact, then run \`factline pin ${fact.address}\``,
    };
  }
  return implementing
    ? {
        rule,
        ...place,
        message: `${fact.address} (${status}) has no implementing citation`,
        fix: `add ${citationExample('implements', fact.address, files)} next to the code that does it`,
      }
    : {
        rule,
        ...place,
        message: `${fact.address} (${status}) has no verifying test`,
        fix: `add ${citationExample('verifies', fact.address, files)} inside or right above the test that proves it`,
      };
}
