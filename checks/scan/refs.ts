/**
 * Citation grammar inside one comment's text: a verb tag followed by a
 * reference, e.g. `@implements mcp-core#METHOD-PING~1a2b3c4d`. Pure: the
 * language scanners hand over comment text and its offset, this finds tags.
 */
import type { Citation, CitationVerb } from '../model.ts';

/** What the grammar reads of one tag; the scanners add the place and context. */
export interface RawCitation extends Pick<Citation, 'verb' | 'ref' | 'doc' | 'id' | 'pin' | 'reason'> {
  /** Offset of the `@` of the tag in the scanned text. */
  offset: number;
  /** Why the reference could not be read, when it could not. */
  malformed?: string;
}

const TAG = /@(implements|verifies|deviates)\b/g;
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
const GAP = /[ \t]+/y;
const TOKEN = /\S*/y;

function stickyAt(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

/** Cheap pre-filter: files without any tag never reach a tokenizer. */
export function mayHoldCitations(text: string): boolean {
  return text.includes('@implements') || text.includes('@verifies') || text.includes('@deviates');
}

/**
 * Reads every citation tag in `comment` (the raw comment text, delimiters
 * included) whose first character sits at `base` in the file.
 * A tag right after a backtick is prose about the syntax, not a citation.
 */
// @implements factline#GATE-REFERENCE-FORMS
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
    const citation: RawCitation = { verb, ref: hit[0], id: hit[2]!, offset: base + at };
    if (url) {
      // spec://host/path/DOC#ID: the document is resolved later against the
      // loaded names, so keep the whole path and let the resolver pick the suffix.
      citation.doc = `spec://${hit[1]}`;
    } else if (hit[1] !== undefined) {
      citation.doc = hit[1];
    }
    if (hit[3] !== undefined) citation.pin = hit[3].toLowerCase();
    const reason = stickyAt(REASON, comment, refAt + hit[0].length);
    if (reason) citation.reason = reason[1]!.trim();
    found.push(citation);
  }
  return found;
}
