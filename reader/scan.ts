/**
 * Scans one unit's Markdown source for the markup tokens: label, anchor,
 * status markers (shorthand, legacy, element), `@requires:`, fragment
 * wrappers. Code spans, HTML comments and link targets arrive masked, so
 * nothing inside them is ever read as a tag.
 */

import { nearestOne } from './did-you-mean.ts';
import type { Issue } from './issues.ts';
import type { WrittenAttribute, WrittenLink } from './links.ts';
import { lookAlikeTags, unknownEvidenceKinds } from './look-alike.ts';
import type { MarkerStatus } from './status-values.ts';
import { type Anchor, CANDIDATE, isSpace, MASK, readToken, type Token, type TokenKind } from './tokens.ts';

export type { Anchor } from './tokens.ts';

export interface Fragment {
  status?: MarkerStatus;
  offset: number;
  text: string;
}

export interface ScannedUnit {
  label?: string;
  /** The unit opens with `@fact` but its id is missing (reported as empty-id). */
  anchorAttempted?: boolean;
  anchor?: Anchor;
  /** The unit's own status (first valid point marker; later ones add action only). */
  status?: MarkerStatus;
  /** Offset of the marker that gave `status`. */
  statusAt?: number;
  /** Number of point markers found (valid or not). */
  markers: number;
  /** Absolute offset of the first point marker. */
  firstMarker?: number;
  firstMarkerToken?: string;
  requires?: string[];
  /** `@refines:` / `@derives:` / `@conflicts:` links, in written order. */
  links?: WrittenLink[];
  /** `@attr:KEY=VALUE` attributes, in written order. */
  attributes?: WrittenAttribute[];
  fragments: Fragment[];
  /** Normalised text: tags removed, whitespace collapsed, trimmed. */
  text: string;
  issues: Issue[];
}

export interface ScanInput {
  /** The unit's raw Markdown. */
  raw: string;
  /** Absolute offset of raw[0] in the document. */
  base: number;
  /** Absolute [start, end) ranges that are opaque (code spans, comments, link targets). */
  masks: Array<[number, number]>;
  /** Blockquote nesting: that many `>` are stripped from each continuation line. */
  quoteDepth: number;
}

// @implements reader#READ-LABELS
const LABEL = /\[(p\d+)\]/y;

function maskedView(input: ScanInput, removals: Array<[number, number]>): string {
  const { raw, base } = input;
  // Most units hold no code span, comment or link and stand outside quotes: nothing to mask.
  if (input.masks.length === 0 && input.quoteDepth === 0) return raw;
  if (input.quoteDepth === 0) return maskedRanges(raw, base, input.masks);
  const chars = raw.split('');
  for (const [s, e] of input.masks) {
    for (let i = Math.max(s - base, 0); i < Math.min(e - base, raw.length); i++) {
      if (chars[i] !== '\n') chars[i] = MASK;
    }
  }
  if (input.quoteDepth > 0) {
    for (let nl = raw.indexOf('\n'); nl !== -1; nl = raw.indexOf('\n', nl + 1)) {
      let i = nl + 1;
      for (let d = 0; d < input.quoteDepth; d++) {
        let j = i;
        while (raw[j] === ' ' || raw[j] === '\t') j++;
        if (raw[j] !== '>') break;
        chars[j] = ' ';
        removals.push([j, j + 1]);
        i = j + 1;
      }
    }
  }
  return chars.join('');
}

/** `text` with every character but line endings replaced by MASK, a line at a time (no match per character). */
function masked(text: string): string {
  if (!text.includes('\n')) return MASK.repeat(text.length);
  return text
    .split('\n')
    .map((line) => MASK.repeat(line.length))
    .join('\n');
}

/** `raw` with every masked character but line endings replaced by MASK, built from slices. */
function maskedRanges(raw: string, base: number, masks: ReadonlyArray<[number, number]>): string {
  const ranges = masks
    .map(([s, e]): [number, number] => [Math.max(s - base, 0), Math.min(e - base, raw.length)])
    .filter(([s, e]) => s < e);
  if (ranges.length > 1) ranges.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [s, e] of ranges) {
    const from = Math.max(s, at);
    if (from >= e) continue;
    out += raw.slice(at, from) + masked(raw.slice(from, e));
    at = e;
  }
  return out + raw.slice(at);
}

const POINT: ReadonlySet<TokenKind> = new Set(['status', 'legacy', 'element', 'requires', 'link', 'attr']);

function onlySpace(m: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSpace(m[i])) return false;
  return true;
}

// @implements reader#READ-UNIT-TOKENS
export function scanUnit(input: ScanInput): ScannedUnit {
  const { raw, base } = input;
  const removals: Array<[number, number]> = [];
  const m = maskedView(input, removals);
  const issues: Issue[] = [];
  const tokens: Token[] = [];
  CANDIDATE.lastIndex = 0;
  for (let found = CANDIDATE.exec(m); found; found = CANDIDATE.exec(m)) {
    const token = readToken(m, raw, found.index, base);
    if (token) {
      tokens.push(token);
      CANDIDATE.lastIndex = Math.max(token.end, found.index + 1);
    }
  }

  const result: ScannedUnit = { markers: 0, fragments: [], text: '', issues };
  let pos = 0;
  while (pos < m.length && isSpace(m[pos])) pos++;
  LABEL.lastIndex = pos;
  const label = LABEL.exec(m);
  let labelRange: [number, number] | undefined;
  if (label) {
    labelRange = [pos, pos + label[0].length];
    pos += label[0].length;
    while (pos < m.length && isSpace(m[pos])) pos++;
  }
  let t = 0;
  while (t < tokens.length && tokens[t]!.end <= pos && tokens[t]!.start < pos) t++;
  const leading = new Set<Token>();
  const first = tokens[t];
  if (first && first.start === pos && (first.kind === 'fact' || first.kind === 'hashes')) {
    leading.add(first);
    if (first.anchor) result.anchor = first.anchor;
    else result.anchorAttempted = true;
    issues.push(...first.issues);
    pos = first.end;
    t++;
  }
  if (labelRange && result.anchor) {
    result.label = label![1];
    removals.push(labelRange);
  }
  for (; t < tokens.length; t++) {
    const tok = tokens[t]!;
    if (!POINT.has(tok.kind) || !onlySpace(m, pos, tok.start)) break;
    leading.add(tok);
    pos = tok.end;
  }
  const trailing = new Set<Token>();
  let limit = m.length;
  for (let k = tokens.length - 1; k >= 0; k--) {
    const tok = tokens[k]!;
    if (leading.has(tok) || !POINT.has(tok.kind) || !onlySpace(m, tok.end, limit)) break;
    trailing.add(tok);
    limit = tok.start;
  }

  // A swallowed anchor is where the author meant a unit boundary: markers
  // right before or after it are placed, not mid-unit (one problem, one report).
  const swallowed = new Set(
    tokens.filter((tok) => tok.kind === 'fact' && !leading.has(tok) && lineStart(m, tok.start)),
  );
  const besideSwallowed = (k: number): boolean => {
    for (let j = k + 1; j < tokens.length; j++) {
      const next = tokens[j]!;
      if (!onlySpace(m, tokens[j - 1]!.end, next.start)) break;
      if (swallowed.has(next)) return true;
      if (!POINT.has(next.kind)) break;
    }
    for (let j = k - 1; j >= 0; j--) {
      const prev = tokens[j]!;
      if (!onlySpace(m, prev.end, tokens[j + 1]!.start)) break;
      if (swallowed.has(prev)) return true;
      if (!POINT.has(prev.kind)) break;
    }
    return false;
  };
  const openStack: Token[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const tok = tokens[k]!;
    if (leading.has(tok) && (tok.kind === 'fact' || tok.kind === 'hashes')) {
      removals.push([tok.start, tok.end]);
      continue;
    }
    if (tok.kind === 'fact' || tok.kind === 'hashes') {
      // A later `@fact:` is prose, unless it opens a continuation line: then a
      // missing blank line swallowed what was meant as the next unit.
      if (swallowed.has(tok)) {
        const id = tok.anchor?.id;
        issues.push({
          code: 'swallowed-anchor',
          offset: base + tok.start,
          token: raw.slice(tok.start, tok.end),
          message: `\`${raw.slice(tok.start, tok.end)}\` starts a continuation line, so it is read as prose inside the unit above${id ? `, not as fact \`${id}\`` : ''}`,
          fix: 'insert a blank line before this line so the anchor starts its own paragraph',
        });
      }
      continue;
    }
    if (tok.kind === 'legacy' && !leading.has(tok) && !trailing.has(tok)) continue; // prose
    issues.push(...tok.issues);
    removals.push([tok.start, tok.end]);
    if (tok.kind === 'open') {
      openStack.push(tok);
      continue;
    }
    if (tok.kind === 'close') {
      const open = openStack.pop();
      if (!open) {
        issues.push({
          code: 'malformed-element',
          offset: base + tok.start,
          token: raw.slice(tok.start, tok.end),
          message: '`</status>` closes no open `<status …>` wrapper',
          fix: 'remove it, or open the fragment with `<status stage="…" state="…">`',
        });
      } else {
        result.fragments.push({
          offset: base + open.start,
          text: collapse(raw.slice(open.end, tok.start)),
          ...(open.status ? { status: open.status } : {}),
        });
      }
      continue;
    }
    if (tok.kind === 'link') {
      if (tok.links && tok.links.length > 0) result.links = [...(result.links ?? []), ...tok.links];
    } else if (tok.kind === 'attr') {
      if (tok.attribute) result.attributes = [...(result.attributes ?? []), tok.attribute];
    } else if (tok.kind === 'requires') {
      result.requires = [...(result.requires ?? []), ...(tok.requires ?? [])];
      issues.push(
        ...unknownEvidenceKinds(tok.requires ?? [], base + tok.start, raw.slice(tok.start, tok.end)),
      );
    } else {
      result.markers++;
      if (result.firstMarker === undefined) {
        result.firstMarker = base + tok.start;
        result.firstMarkerToken = raw.slice(tok.start, tok.end);
      }
      if (tok.status) {
        if (!result.status) {
          result.status = { ...tok.status };
          result.statusAt = base + tok.start;
        } else if (tok.status.action && !result.status.action) {
          result.status.action = tok.status.action;
          if (tok.status.actionstage) result.status.actionstage = tok.status.actionstage;
        }
      }
    }
    if (!leading.has(tok) && !trailing.has(tok) && !besideSwallowed(k)) {
      const token = raw.slice(tok.start, tok.end);
      issues.push({
        code: 'marker-mid-unit',
        offset: base + tok.start,
        token,
        message: `\`${token}\` stands mid-unit; a marker is read only as the first token (after the anchor) or the last token`,
        fix: 'move it to the end of the unit (or right after the `@fact:` anchor)',
      });
    }
  }
  for (const open of openStack) {
    const token = raw.slice(open.start, open.end);
    issues.push({
      code: 'unclosed-wrapper',
      offset: base + open.start,
      token,
      message: `\`${token}\` opens a fragment that is never closed in this unit`,
      fix: 'close the fragment with `</status>`, or self-close a point marker with `/>`',
    });
  }
  const lookAlike = lookAlikeTags(
    m,
    raw,
    base,
    new Set(tokens.map((tok) => tok.start)),
    result.anchor !== undefined,
  );
  issues.push(...lookAlike.issues);
  // One problem, one report: a unit opening with a look-alike anchor is not also "marked without anchor".
  if (lookAlike.anchorLike) result.anchorAttempted = true;
  result.text = collapse(removeRanges(raw, removals));
  if (result.anchor?.type !== undefined && result.anchor.type !== 'code') {
    const near = nearestOne(result.anchor.type, ['code']);
    issues.push({
      code: 'unknown-typed-anchor',
      offset: result.anchor.offset,
      token: result.anchor.token,
      message: `unknown typed anchor \`@fact/${result.anchor.type}:\``,
      fix: `${near ? 'did you mean `@fact/code:`? ' : ''}\`code\` is the only known type; use \`@fact:\` for a plain fact`,
    });
  }
  return result;
}

function lineStart(m: string, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    if (m[i] === '\n') return true;
    if (!isSpace(m[i])) return false;
  }
  return false;
}

/** Whether `c` is a character `\s` matches (and `trim` removes): JavaScript's WhiteSpace and LineTerminator. */
function isWhiteSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * `text.replace(/\s+/g, ' ').trim()`, in one pass that copies only the runs
 * between whitespace (every unit's text goes through it; the regex built
 * several times the text in garbage).
 */
// @implements reader#COLLAPSE-IN-ONE-PASS
export function collapse(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isWhiteSpace(text.charCodeAt(start))) start++;
  while (end > start && isWhiteSpace(text.charCodeAt(end - 1))) end--;
  let out = '';
  let from = start;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (!isWhiteSpace(c)) continue;
    // A lone space stays as it is; any other run of whitespace becomes one space.
    if (c === 32 && !isWhiteSpace(text.charCodeAt(i + 1))) continue;
    let j = i + 1;
    while (j < end && isWhiteSpace(text.charCodeAt(j))) j++;
    out += `${text.slice(from, i)} `;
    from = j;
    i = j - 1;
  }
  if (from === start) return start === 0 && end === text.length ? text : text.slice(start, end);
  return out + text.slice(from, end);
}

function removeRanges(raw: string, ranges: Array<[number, number]>): string {
  if (ranges.length === 0) return raw;
  if (ranges.length > 1) ranges.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [s, e] of ranges) {
    if (s > at) out += raw.slice(at, s);
    // Keep a space where a token was, so words on either side never fuse.
    out += ' ';
    at = Math.max(at, e);
  }
  return out + raw.slice(at);
}
