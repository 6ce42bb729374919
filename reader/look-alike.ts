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
/** `@word:` (or `@word/` for a typed anchor) where the `@` follows no letter, digit, `@`, `/` or `.` (an address, a path). */
const TAG = /(?<![A-Za-z0-9@/.])@([A-Za-z][A-Za-z-]*)([:/])/g;
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
 * the offsets (relative to the text) where the scanner did read a token;
 * `anchored` says whether the unit has its anchor (then a look-alike anchor
 * further on is prose). Offsets in the issues are absolute (`base` added).
 */
// @implements reader#LOOK-ALIKE-TAGS-ARE-ERRORS
export function lookAlikeTags(
  m: string,
  raw: string,
  base: number,
  read: ReadonlySet<number>,
  anchored: boolean,
): { issues: Issue[]; anchorLike: boolean } {
  const issues: Issue[] = [];
  let anchorLike = false;
  TAG.lastIndex = 0;
  for (let found = TAG.exec(m); found; found = TAG.exec(m)) {
    const at = found.index;
    const word = found[1]!;
    const sep = found[2]!;
    if (read.has(at)) continue;
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
  return { issues, anchorLike };
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
