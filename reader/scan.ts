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
  return chars.join('');
}

/** Filler for short masks, sliced rather than built (most code spans and links are shorter). */
const MASKS = MASK.repeat(256);

function filler(length: number): string {
  return length <= MASKS.length ? MASKS.slice(0, length) : MASK.repeat(length);
}

/** `raw[from, to)` with every character but line endings replaced by MASK, a line at a time. */
function maskedLines(raw: string, from: number, to: number): string {
  let out = '';
  for (let nl = raw.indexOf('\n', from); nl !== -1 && nl < to; nl = raw.indexOf('\n', from)) {
    out += `${filler(nl - from)}\n`;
    from = nl + 1;
  }
  return out + filler(to - from);
}

function byStart(a: readonly [number, number], b: readonly [number, number]): number {
  return a[0] - b[0];
}

/**
 * `raw` with every character of the masks' union but line endings replaced
 * by MASK: one pass over the masks (already in order for almost every unit:
 * only a link around a code span comes after it), built from slices.
 */
function maskedRanges(raw: string, base: number, masks: ReadonlyArray<[number, number]>): string {
  let ordered = masks;
  for (let k = 1; k < masks.length; k++) {
    if (masks[k]![0] < masks[k - 1]![0]) {
      ordered = masks.slice().sort(byStart);
      break;
    }
  }
  let out = '';
  let at = 0;
  // The first line ending at or after `at` (raw.length when none): a mask before it is one filler.
  let newline = -1;
  for (let k = 0; k < ordered.length; k++) {
    const range = ordered[k]!;
    const e = Math.min(range[1] - base, raw.length);
    const from = Math.max(range[0] - base, at);
    if (from >= e) continue;
    if (newline < from) {
      newline = raw.indexOf('\n', from);
      if (newline === -1) newline = raw.length;
    }
    out += raw.slice(at, from) + (newline >= e ? filler(e - from) : maskedLines(raw, from, e));
    at = e;
  }
  return out + raw.slice(at);
}

/** Whether a token of this kind is a point tag: a marker, `@requires:`, a link or an attribute. */
function isPoint(kind: TokenKind): boolean {
  switch (kind) {
    case 'status':
    case 'legacy':
    case 'element':
    case 'requires':
    case 'link':
    case 'attr':
      return true;
    default:
      return false;
  }
}

function onlySpace(m: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSpace(m[i])) return false;
  return true;
}

function skipSpace(m: string, pos: number): number {
  while (pos < m.length && isSpace(m[pos])) pos++;
  return pos;
}

/** The unit's tokens in order, read where CANDIDATE matches the masked text. */
function readTokens(m: string, raw: string, base: number): Token[] {
  const tokens: Token[] = [];
  CANDIDATE.lastIndex = 0;
  for (let found = CANDIDATE.exec(m); found; found = CANDIDATE.exec(m)) {
    const token = readToken(m, raw, found.index, base);
    if (token) {
      tokens.push(token);
      CANDIDATE.lastIndex = Math.max(token.end, found.index + 1);
    }
  }
  return tokens;
}

/**
 * Where the unit's leading tokens (its anchor, then point tags separated by
 * space only) and trailing ones (point tags separated by space only up to
 * its end) lie: both are runs of the token list, `[leadFrom, leadTo)` and
 * `[trailFrom, length)`.
 */
interface TokenRuns {
  leadFrom: number;
  leadTo: number;
  trailFrom: number;
}

function leading(runs: TokenRuns, k: number): boolean {
  return k >= runs.leadFrom && k < runs.leadTo;
}

/** A later `@fact:` opening a continuation line: a missing blank line swallowed the next unit. */
function swallowed(m: string, tokens: readonly Token[], runs: TokenRuns, k: number): boolean {
  return tokens[k]!.kind === 'fact' && !leading(runs, k) && lineStart(m, tokens[k]!.start);
}

/** Whether only point tags and space stand between token `k` and a swallowed anchor. */
function besideSwallowed(m: string, tokens: readonly Token[], runs: TokenRuns, k: number): boolean {
  for (let j = k + 1; j < tokens.length; j++) {
    const next = tokens[j]!;
    if (!onlySpace(m, tokens[j - 1]!.end, next.start)) break;
    if (swallowed(m, tokens, runs, j)) return true;
    if (!isPoint(next.kind)) break;
  }
  for (let j = k - 1; j >= 0; j--) {
    const prev = tokens[j]!;
    if (!onlySpace(m, prev.end, tokens[j + 1]!.start)) break;
    if (swallowed(m, tokens, runs, j)) return true;
    if (!isPoint(prev.kind)) break;
  }
  return false;
}

// @implements reader#READ-UNIT-TOKENS
export function scanUnit(input: ScanInput): ScannedUnit {
  const { raw, base } = input;
  const removals: Array<[number, number]> = [];
  const m = maskedView(input, removals);
  const issues: Issue[] = [];
  const tokens = readTokens(m, raw, base);

  const result: ScannedUnit = { markers: 0, fragments: [], text: '', issues };
  let pos = skipSpace(m, 0);
  let label: RegExpExecArray | null = null;
  let labelAt = 0;
  if (m.charCodeAt(pos) === 0x5b /* [ */) {
    LABEL.lastIndex = pos;
    label = LABEL.exec(m);
    if (label) {
      labelAt = pos;
      pos = skipSpace(m, pos + label[0].length);
    }
  }
  let t = 0;
  while (t < tokens.length && tokens[t]!.end <= pos && tokens[t]!.start < pos) t++;
  const runs: TokenRuns = { leadFrom: t, leadTo: t, trailFrom: tokens.length };
  const first = tokens[t];
  if (first && first.start === pos && (first.kind === 'fact' || first.kind === 'hashes')) {
    if (first.anchor) result.anchor = first.anchor;
    else result.anchorAttempted = true;
    for (const issue of first.issues) issues.push(issue);
    pos = first.end;
    t++;
  }
  if (label && result.anchor) {
    result.label = label[1];
    removals.push([labelAt, labelAt + label[0].length]);
  }
  for (; t < tokens.length; t++) {
    const tok = tokens[t]!;
    if (!isPoint(tok.kind) || !onlySpace(m, pos, tok.start)) break;
    pos = tok.end;
  }
  runs.leadTo = t;
  let limit = m.length;
  for (let k = tokens.length - 1; k >= 0; k--) {
    const tok = tokens[k]!;
    if (leading(runs, k) || !isPoint(tok.kind) || !onlySpace(m, tok.end, limit)) break;
    runs.trailFrom = k;
    limit = tok.start;
  }

  let openStack: Token[] | undefined;
  for (let k = 0; k < tokens.length; k++) {
    const tok = tokens[k]!;
    const lead = leading(runs, k);
    if (tok.kind === 'fact' || tok.kind === 'hashes') {
      if (lead) removals.push([tok.start, tok.end]);
      // A later `@fact:` is prose, unless it opens a continuation line: then a
      // missing blank line swallowed what was meant as the next unit.
      else if (swallowed(m, tokens, runs, k)) {
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
    const placed = lead || k >= runs.trailFrom;
    if (tok.kind === 'legacy' && !placed) continue; // prose
    for (const issue of tok.issues) issues.push(issue);
    removals.push([tok.start, tok.end]);
    if (tok.kind === 'open') {
      if (openStack === undefined) openStack = [];
      openStack.push(tok);
      continue;
    }
    if (tok.kind === 'close') {
      const open = openStack?.pop();
      if (!open) {
        issues.push({
          code: 'malformed-element',
          offset: base + tok.start,
          token: raw.slice(tok.start, tok.end),
          message: '`</status>` closes no open `<status …>` wrapper',
          fix: 'remove it, or open the fragment with `<status stage="…" state="…">`',
        });
      } else {
        const fragment: Fragment = {
          offset: base + open.start,
          text: collapse(raw.slice(open.end, tok.start)),
        };
        if (open.status) fragment.status = open.status;
        result.fragments.push(fragment);
      }
      continue;
    }
    if (tok.kind === 'link') {
      if (tok.links && tok.links.length > 0) {
        if (result.links === undefined) result.links = [];
        for (const link of tok.links) result.links.push(link);
      }
    } else if (tok.kind === 'attr') {
      if (tok.attribute) {
        if (result.attributes === undefined) result.attributes = [];
        result.attributes.push(tok.attribute);
      }
    } else if (tok.kind === 'requires') {
      if (result.requires === undefined) result.requires = [];
      const kinds = tok.requires ?? [];
      for (const kind of kinds) result.requires.push(kind);
      for (const issue of unknownEvidenceKinds(kinds, base + tok.start, raw.slice(tok.start, tok.end)))
        issues.push(issue);
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
    if (!placed && !besideSwallowed(m, tokens, runs, k)) {
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
  if (openStack) {
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
  }
  const lookAlike = lookAlikeTags(m, raw, base, tokens, result.anchor !== undefined);
  if (lookAlike !== undefined) {
    for (const issue of lookAlike.issues) issues.push(issue);
    // One problem, one report: a unit opening with a look-alike anchor is not also "marked without anchor".
    if (lookAlike.anchorLike) result.anchorAttempted = true;
  }
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

/** A whitespace run that is not already one space: two or more characters, or one that is not a space. */
const RUN = /\s\s+|[^\S ]/g;

/**
 * `text.replace(/\s+/g, ' ').trim()`, with only the runs that are not
 * already a single space rewritten: one native pass (`trim` and `\s` agree
 * on what whitespace is), no garbage for a text that needs no change, and
 * none per character (the regex over every run built several times the
 * text in garbage; a loop over characters ran interpreted on a cold run).
 */
// @implements reader#COLLAPSE-IN-ONE-PASS
export function collapse(text: string): string {
  return text.trim().replace(RUN, ' ');
}

function removeRanges(raw: string, ranges: Array<[number, number]>): string {
  if (ranges.length === 0) return raw;
  for (let k = 1; k < ranges.length; k++) {
    if (ranges[k]![0] < ranges[k - 1]![0]) {
      ranges.sort(byStart);
      break;
    }
  }
  let out = '';
  let at = 0;
  for (let k = 0; k < ranges.length; k++) {
    const range = ranges[k]!;
    if (range[0] > at) out += raw.slice(at, range[0]);
    // Keep a space where a token was, so words on either side never fuse.
    out += ' ';
    at = Math.max(at, range[1]);
  }
  return out + raw.slice(at);
}
