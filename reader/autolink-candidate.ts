/**
 * What every GFM literal autolink starts with or holds: a URL's scheme,
 * `www.`, or an e-mail's `@` followed by a domain label and a dot (any case).
 * Its own module, without the parser: the fast reader asks it too, and must
 * not load remark to do so.
 */
const AUTOLINK_CANDIDATE = /https?:\/\/|www\.|mailto:|xmpp:|@[-\w]+\./i;

/** Whether a literal autolink could occur in `text`; false means the trimmed parser gives the same tree. */
export function mayHoldAutolink(text: string): boolean {
  return AUTOLINK_CANDIDATE.test(text);
}
