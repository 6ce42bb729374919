/**
 * Citation grammar inside one comment's text: a verb tag followed by a
 * reference, e.g. `@implements mcp-core#METHOD-PING~1a2b3c4d`. Pure: the
 * language scanners hand over comment text and its offset, this finds tags.
 */
import type { Citation, CitationVerb } from '../model.ts';

/** What the grammar reads of one tag; the scanners add the place and context. */
export interface RawCitation
  extends Pick<Citation, 'verb' | 'ref' | 'doc' | 'id' | 'pin' | 'reason' | 'uri'> {
  /** Offset of the `@` of the tag in the scanned text. */
  offset: number;
  /** Why the reference could not be read, when it could not. */
  malformed?: string;
}

// `@implements REF`, or JSDoc's `@spec implements REF [rN]` (vibevm's TS carrier).
const TAG = /@(?:spec[ \t]+)?(implements|verifies|deviates)\b/g;
const ID = '[A-Za-z][A-Za-z0-9_-]*';
// Sticky (`y`): each matches exactly at `lastIndex` in the comment, so no
// suffix of the comment is copied out per tag.
const PLAIN_REF = new RegExp(
  `(?:([A-Za-z0-9_.][A-Za-z0-9_./-]*)#)?(${ID})(?:~([0-9a-fA-F]{8}|r[0-9]+))?(?![~A-Za-z0-9_#])`,
  'y',
);
const SPEC_URL_REF = new RegExp(
  `spec://([^\\s#]*)#(${ID})(?:~([0-9a-fA-F]{8}|r[0-9]+))?(?![~A-Za-z0-9_#])`,
  'y',
);
const REASON = /[ \t]+reason="([^"\n]*)"/y;
// JSDoc form: the revision pin follows the address after a space (`… r2`).
const SPACED_PIN = /[ \t]+(r[0-9]+)\b/y;
const GAP = /[ \t]+/y;
const TOKEN = /\S*/y;

function stickyAt(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

/** Cheap pre-filter: files without any tag never reach a tokenizer. */
// One search for `@` and a look at each, not four searches of the whole text.
// @implements scanner#LINEAR-PATHS
export function mayHoldCitations(text: string): boolean {
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1))
    if (tagMayStartAt(text, at)) return true;
  return false;
}

/** Whether the `@` at `at` may start a tag: `@implements`, `@verifies`, `@deviates` or `@spec`. */
function tagMayStartAt(text: string, at: number): boolean {
  const c = text.charCodeAt(at + 1);
  return (
    (c === 105 /* i */ && text.startsWith('implements', at + 1)) ||
    (c === 118 /* v */ && text.startsWith('verifies', at + 1)) ||
    (c === 100 /* d */ && text.startsWith('deviates', at + 1)) ||
    (c === 115 /* s */ && text.startsWith('spec', at + 1))
  );
}

/**
 * The offsets of every `@` that may start a tag (`@implements`, `@verifies`,
 * `@deviates`, `@spec`), wherever it stands: what the skim must not jump over.
 */
export function tagCandidates(text: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1))
    if (tagMayStartAt(text, at)) found.push(at);
  return found;
}

/** The reference fields of one address: `spec://NS/DOC#ID[~PIN]` or `[DOC#]ID[~PIN]`. */
export type Address = Pick<RawCitation, 'ref' | 'doc' | 'id' | 'pin' | 'uri'>;

/**
 * Reads a whole string as one address (a Rust attribute's or a JSON
 * schema's value); undefined when it is not one.
 */
// @implements trace#ADDRESS-FORMS
export function parseAddress(text: string): Address | undefined {
  const url = stickyAt(SPEC_URL_REF, text, 0);
  const hit = url ?? stickyAt(PLAIN_REF, text, 0);
  if (!hit || hit[0].length !== text.length) return undefined;
  return addressOf(hit, url !== null);
}

function addressOf(hit: RegExpExecArray, isUrl: boolean): Address {
  const out: Address = { ref: hit[0], id: hit[2]! };
  if (isUrl) {
    // spec://NS/DOC#ID: the document is resolved later against the loaded
    // names and namespaces, so keep the whole path.
    out.doc = `spec://${hit[1]}`;
    out.uri = `spec://${hit[1]}#${hit[2]}`;
  } else if (hit[1] !== undefined) {
    out.doc = hit[1];
  }
  if (hit[3] !== undefined) out.pin = hit[3].toLowerCase();
  return out;
}

/**
 * Reads every citation tag in `comment` (the raw comment text, delimiters
 * included) whose first character sits at `base` in the file.
 * A tag right after a backtick is prose about the syntax, not a citation.
 */
// @implements trace#GATE-REFERENCE-FORMS
// @implements scanner#JSDOC-SPEC-TAG
export function parseCitations(comment: string, base: number): RawCitation[] {
  const found: RawCitation[] = [];
  TAG.lastIndex = 0;
  for (let m = TAG.exec(comment); m !== null; m = TAG.exec(comment)) {
    const at = m.index;
    if (at > 0 && comment[at - 1] === '`') continue;
    const verb = m[1] as CitationVerb;
    const afterTag = at + m[0].length;
    const gap = stickyAt(GAP, comment, afterTag);
    if (!gap) {
      found.push({ verb, ref: '', id: '', offset: base + at, malformed: 'no reference after the tag' });
      continue;
    }
    const refAt = afterTag + gap[0].length;
    // JSDoc's own `@implements {Interface}` is not a citation.
    if (comment.startsWith('{', refAt)) continue;
    const url = stickyAt(SPEC_URL_REF, comment, refAt);
    const plain = url ? null : stickyAt(PLAIN_REF, comment, refAt);
    const hit = url ?? plain;
    if (!hit) {
      const token = stickyAt(TOKEN, comment, refAt)?.[0] ?? '';
      found.push({
        verb,
        ref: token,
        id: '',
        offset: base + at,
        malformed: token ? `\`${token}\` is not a reference [DOC#]ID[~PIN]` : 'no reference after the tag',
      });
      continue;
    }
    const citation: RawCitation = { verb, offset: base + at, ...addressOf(hit, url !== null) };
    let after = refAt + hit[0].length;
    if (citation.pin === undefined && m[0].startsWith('@spec')) {
      const spaced = stickyAt(SPACED_PIN, comment, after);
      if (spaced) {
        citation.pin = spaced[1]!;
        after += spaced[0].length;
      }
    }
    const reason = stickyAt(REASON, comment, after);
    if (reason) citation.reason = reason[1]!.trim();
    found.push(citation);
  }
  return found;
}

/**
 * Whether the tag at `at` in a comment's text stands in commented-out code:
 * a second comment marker before it on its line (`//   // TAG`, `#   # TAG`,
 * or `// TAG` on a line inside a block comment). Such a citation belongs to
 * no test, so it never binds to the declaration below.
 */
// @implements results#RESULTS-UNCONFIRMED-IS-AN-ERROR
export function inCommentedOutCode(comment: string, at: number): boolean {
  const lineStart = comment.lastIndexOf('\n', at - 1) + 1;
  const before = comment.slice(lineStart, at);
  if (lineStart === 0) return /^\s*(?:\/\/|\/\*+|#)\s+(?:\/\/|#)\s*$/.test(before);
  return /^\s*(?:\/\/|#)\s*$/.test(before);
}
