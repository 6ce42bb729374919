/**
 * Markup that looks like a tag but is not read as one: a requirement must
 * never vanish without a word. Each finder returns located issues with the
 * fix: a status, requires or anchor tag wrapped in emphasis or brackets,
 * mis-cased or a near miss of its keyword (`**@status:…**`, `@Fact:X`,
 * `@fatc:X`); `@requires:` kinds outside the vocabulary; an anchor in a
 * setext heading or an HTML block. scan.ts and index.ts call them on the
 * text they already hold. Pure.
 */

import { editDistance, suggestion } from './did-you-mean.ts';
import type { Issue } from './issues.ts';
import { EVIDENCE_KINDS } from './model.ts';
import { isSpace } from './tokens.ts';

// @implements chains#LINK-NEAR-MISSES
const KEYWORDS = ['status', 'requires', 'fact', 'refines', 'derives', 'conflicts', 'attr'] as const;
/** How many edits a near miss of each keyword may be (transpositions count one). */
const REACH: Record<(typeof KEYWORDS)[number], number> = {
  status: 2,
  requires: 2,
  fact: 1,
  refines: 2,
  derives: 2,
  conflicts: 2,
  attr: 1,
};
/** What a near miss loses, in the message. */
const NOUN: Partial<Record<(typeof KEYWORDS)[number], string>> = {
  refines: 'link',
  derives: 'link',
  conflicts: 'link',
  attr: 'attribute',
};
function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * Where the word of a tag at `m[at]` (an `@`) ends, at its `:` (or `/` for a
 * typed anchor), or -1 for none: `@word:` where the `@` follows no letter,
 * digit, `@`, `/` or `.` (an address, a path), the word a letter then letters
 * and hyphens. (As `/(?<![A-Za-z0-9@/.])@([A-Za-z][A-Za-z-]*)([:/])/g`, with no
 * match object for each token the scanner has read already.)
 */
function tagEnd(m: string, at: number): number {
  if (at > 0) {
    const before = m.charCodeAt(at - 1);
    if (isLetter(before) || (before >= 48 && before <= 57) || before === 64 || before === 47 || before === 46)
      return -1;
  }
  let i = at + 1;
  if (!isLetter(m.charCodeAt(i))) return -1;
  for (i++; isLetter(m.charCodeAt(i)) || m.charCodeAt(i) === 45; i++);
  const sep = m.charCodeAt(i);
  return sep === 58 || sep === 47 ? i : -1;
}
/** Punctuation that may wrap a tag without changing what the author meant. */
const WRAP = /[*_~([{"'`<>|!?,;]/;

/** The keyword a written word was meant to be, or undefined when it is none of them. */
function meant(word: string): (typeof KEYWORDS)[number] | undefined {
  const lower = word.toLowerCase();
  for (const k of KEYWORDS) if (editDistance(lower, k, REACH[k]) <= REACH[k]) return k;
  return undefined;
}

/**
 * Tags in a unit's masked text that no reader rule will take. `read` holds
 * the tokens the scanner did read, in order (offsets relative to the text);
 * `anchored` says whether the unit has its anchor (then a look-alike anchor
 * further on is prose). Offsets in the issues are absolute (`base` added).
 */
// @implements reader#LOOK-ALIKE-TAGS-ARE-ERRORS
export function lookAlikeTags(
  m: string,
  raw: string,
  base: number,
  read: ReadonlyArray<{ readonly start: number }>,
  anchored: boolean,
): { issues: Issue[]; anchorLike: boolean } | undefined {
  // Every tag the pattern finds holds `@` then a letter: most units hold no `@` the scanner did not read.
  if (!m.includes('@')) return undefined;
  let issues: Issue[] | undefined;
  let anchorLike = false;
  let r = 0;
  for (let at = m.indexOf('@'); at !== -1; at = m.indexOf('@', at + 1)) {
    const wordEnd = tagEnd(m, at);
    if (wordEnd === -1) continue;
    // Tags are found in order, as the tokens were read: step past the tokens before this one.
    while (r < read.length && read[r]!.start < at) r++;
    if (r < read.length && read[r]!.start === at) continue;
    const word = m.slice(at + 1, wordEnd);
    const sep = m[wordEnd]!;
    const keyword = meant(word);
    if (keyword === undefined) continue;
    if (sep === '/' && keyword !== 'fact') continue;
    const exact = word === keyword;
    const wrapped = at > 0 && !isSpace(m[at - 1]);
    // A value must follow a near miss (`@staus:impl/done`); a bare `@stats:` in prose is left alone.
    const next = m[at + 1 + word.length + 1];
    if (!exact && (next === undefined || isSpace(next))) continue;
    if (keyword === 'fact') {
      // Only where an anchor would stand: the unit's first token, behind wrapping punctuation.
      if (anchored || !atUnitStart(m, at)) continue;
      anchorLike = true;
    } else if (exact && !wrapped) continue;
    const end = tokenEndOf(m, at);
    const token = raw.slice(at, end);
    const right = `@${keyword}${sep === '/' ? '/' : ':'}`;
    const why = exact
      ? `\`${token}\` is wrapped in \`${m[at - 1]}\`, so it is not read as a ${keyword === 'fact' ? 'fact anchor' : 'tag'}`
      : word.toLowerCase() === keyword
        ? `\`@${word}${sep}\` is not a tag: tags are lower case`
        : `\`@${word}${sep}\` is not a tag; did you mean \`${right}\`?`;
    if (issues === undefined) issues = [];
    issues.push({
      code: 'unread-tag',
      offset: base + at,
      token,
      message: `${why}; the ${keyword === 'fact' ? 'requirement is not read as a fact' : `${NOUN[keyword] ?? keyword} it gives is ignored`}`,
      fix:
        keyword === 'fact'
          ? `start the unit with a plain \`${right}ID\` (no emphasis or brackets around it)`
          : `write it as a plain \`${right}…\` token, first (after the anchor) or last in the unit, with no emphasis or brackets around it`,
    });
  }
  return issues === undefined && !anchorLike ? undefined : { issues: issues ?? [], anchorLike };
}

function tokenEndOf(m: string, at: number): number {
  let i = at;
  while (i < m.length && !isSpace(m[i])) i++;
  return i;
}

/** Whether only wrapping punctuation (and space, a `[pNN]` label or a task box) stands before `at` in the unit. */
function atUnitStart(m: string, at: number): boolean {
  const before = m
    .slice(0, at)
    .replace(/\[p\d+\]/, '')
    .replace(/^\s*\[[ xX]\]/, '');
  for (const ch of before) if (!isSpace(ch) && !WRAP.test(ch)) return false;
  return true;
}

/** `@requires:` kinds outside the vocabulary, each with its did-you-mean. */
// @implements reader#REQUIRES-KINDS-VALIDATED
export function unknownEvidenceKinds(kinds: readonly string[], offset: number, token: string): Issue[] {
  const issues: Issue[] = [];
  if (kinds.length === 0) {
    issues.push({
      code: 'unknown-evidence-kind',
      offset,
      token,
      message: '`@requires:` names no evidence kind, so the policy decides as if it were absent',
      fix: `list the kinds after the colon, comma-separated (${EVIDENCE_KINDS.join(', ')}), or remove the tag`,
    });
  }
  for (const kind of kinds) {
    if ((EVIDENCE_KINDS as readonly string[]).includes(kind)) continue;
    const parts = kind.split(/[;|+&/\s]+/).filter((p) => p !== '');
    const separator =
      parts.length > 1 && parts.every((p) => (EVIDENCE_KINDS as readonly string[]).includes(p.toLowerCase()));
    issues.push({
      code: 'unknown-evidence-kind',
      offset,
      token,
      message: `\`@requires:\` names \`${kind}\`, which is not an evidence kind; the fact would need something nobody can give, or nothing`,
      fix: separator
        ? `separate kinds with commas: \`@requires:${parts.map((p) => p.toLowerCase()).join(',')}\``
        : suggestion(kind, EVIDENCE_KINDS),
    });
  }
  return issues;
}

/** An `@fact:` that a heading swallowed: the text of a heading is never a unit. */
// @implements reader#NO-FACT-IN-HEADINGS-OR-HTML
export function anchorInHeading(source: string, start: number, setext: boolean): Issue | undefined {
  const m = /^\s*(?:#{1,6}\s+)?[*_~([]*(?:\[p\d+\]\s*)?[*_~([]*(@fact(?:\/\w+)?:[A-Za-z])/.exec(source);
  if (m === null) return undefined;
  const at = m[0].length - m[1]!.length;
  return {
    code: 'fact-in-heading',
    offset: start + at,
    token: source.slice(at, tokenEndOf(source, at)),
    message: setext
      ? 'this fact is read as a heading: the `---` or `===` line right under it underlines it (a setext heading), and a heading is never a fact'
      : 'a heading is never a fact, so this `@fact:` anchor is not read',
    fix: setext
      ? 'leave a blank line between the fact and the `---` line (then it is a rule), or remove the line'
      : 'write the fact as a paragraph under the heading, or give the heading an anchor with `{#ID}`',
  };
}

/** An `@fact:` or status marker inside an HTML block, where Markdown is not read. */
export function anchorInHtml(source: string, start: number): Issue | undefined {
  const m = /(?<![\w@/.])@(?:fact(?:\/\w+)?:[A-Za-z]|status:)/.exec(
    source.replace(/<!--[\s\S]*?-->/g, (c) => ' '.repeat(c.length)),
  );
  if (m === null) return undefined;
  const open = /^<\s*([A-Za-z][\w-]*)/.exec(source)?.[1] ?? 'html';
  return {
    code: 'fact-in-html',
    offset: start + m.index,
    token: source.slice(m.index, tokenEndOf(source, m.index)),
    message: `\`${source.slice(m.index, tokenEndOf(source, m.index))}\` stands inside an HTML block (\`<${open}>\`), where Markdown is not read, so it is not a fact or marker`,
    fix: `leave a blank line after \`<${open}>\` and before its closing tag so the text between is Markdown, or move the fact out of the HTML`,
  };
}
