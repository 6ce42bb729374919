/**
 * The markup tokens of one unit, read from its masked text: anchors
 * (`@fact:`, `@fact/TYPE:`, `##`), markers (`@status:`, legacy `@stage/state`,
 * `<status …/>`), wrapper tags and `@requires:`. Position rules live in scan.ts.
 */
import { parseElement } from './element.ts';
import type { Issue } from './issues.ts';
import { readAttribute, readLinks, type WrittenAttribute, type WrittenLink } from './links.ts';
import type { LinkKind } from './model.ts';
import { elementStatus, type MarkerStatus, shorthandStatus } from './status-values.ts';
import { isStage, isState } from './vocabulary.ts';

export interface Anchor {
  id: string;
  /** `code` for `@fact/code:`; the unknown type as written otherwise. */
  type?: string;
  /** Absolute offset of the anchor token. */
  offset: number;
  token: string;
}

export type TokenKind =
  | 'status'
  | 'legacy'
  | 'element'
  | 'open'
  | 'close'
  | 'requires'
  | 'link'
  | 'attr'
  | 'fact'
  | 'hashes';

export interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  status?: MarkerStatus;
  requires?: string[];
  links?: WrittenLink[];
  attribute?: WrittenAttribute;
  anchor?: Anchor;
  issues: Issue[];
}

export const CANDIDATE = /@status:|@requires:|@fact[:/]|##|@[a-z]+|<\/?status(?![\w-])/g;
export const MASK = '\u0001';
export function isSpace(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r' || ch === '\f' || ch === '\v';
}

export function tokenEnd(text: string, i: number): number {
  while (i < text.length && !isSpace(text[i])) i++;
  return i;
}

/** Where an id (`[A-Za-z][A-Za-z0-9_-]*`) starting at `i` ends; `i` when none starts there. */
function idEnd(m: string, i: number): number {
  const c = m.charCodeAt(i);
  if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return i;
  for (i++; ; i++) {
    const d = m.charCodeAt(i);
    if (!((d >= 65 && d <= 90) || (d >= 97 && d <= 122) || (d >= 48 && d <= 57) || d === 95 || d === 45))
      return i;
  }
}

/** Every token has every field (one object shape however many kinds are read); the reading fills some. */
function token(kind: TokenKind, start: number, end: number, issues: Issue[]): Token {
  return {
    kind,
    start,
    end,
    status: undefined,
    requires: undefined,
    links: undefined,
    attribute: undefined,
    anchor: undefined,
    issues,
  };
}

/** Shared by the tokens that carry no issue: nothing pushes to a token's issues once it is read. */
const NO_ISSUES: Issue[] = [];

/**
 * The token at `at` of the masked text `m` (where CANDIDATE matched), or
 * undefined when none stands there. Tags are told apart by their first
 * letters before any is read in full: a unit has several, and each used to
 * try every form in turn.
 */
export function readToken(m: string, raw: string, at: number, base: number): Token | undefined {
  const prev = at === 0 ? undefined : m[at - 1];
  if (m.charCodeAt(at) === 0x3c /* < */) {
    if (prev === '\\') return undefined;
    return elementToken(m, raw, at, base);
  }
  if (!(prev === undefined || isSpace(prev))) return undefined;
  if (m.charCodeAt(at) === 0x23 /* # */) return hashesToken(m, raw, at, base);
  switch (m[at + 1]) {
    case 's':
      if (m.startsWith('@status:', at)) return statusToken(m, at, base);
      break;
    case 'r':
      if (m.startsWith('@requires:', at)) return requiresToken(m, at);
      if (m.startsWith('@refines:', at)) return linkToken(m, raw, at, base, 'refines');
      break;
    case 'd':
      if (m.startsWith('@derives:', at)) return linkToken(m, raw, at, base, 'derives');
      break;
    case 'c':
      if (m.startsWith('@conflicts:', at)) return linkToken(m, raw, at, base, 'conflicts');
      break;
    case 'a':
      if (m.startsWith('@attr:', at)) {
        const issues: Issue[] = [];
        const { attribute, end } = readAttribute(m, raw, at, base, issues);
        const tok = token('attr', at, end, issues);
        tok.attribute = attribute;
        return tok;
      }
      break;
    case 'f':
      if (m.startsWith('@fact', at)) return factToken(m, raw, at, base);
      break;
  }
  return legacyToken(m, at);
}

/** `<status …/>`, `<status …>` or `</status>` (CANDIDATE matched one of them). */
function elementToken(m: string, raw: string, at: number, base: number): Token | undefined {
  const issues: Issue[] = [];
  if (m[at + 1] === '/') {
    const close = /<\/status\s*>/y;
    close.lastIndex = at;
    if (!close.exec(m)) return undefined;
    return token('close', at, close.lastIndex, issues);
  }
  const el = parseElement(m, at, base, issues);
  const text = raw.slice(at, el.end);
  if (el.selfClosing || !el.terminated) {
    const tok = token('element', at, el.end, issues);
    if (el.terminated) tok.status = elementStatus(el.attrs, base + at, text, issues);
    return tok;
  }
  const tok = token('open', at, el.end, issues);
  tok.status = elementStatus(el.attrs, base + at, text, issues);
  return tok;
}

function statusToken(m: string, at: number, base: number): Token {
  const end = tokenEnd(m, at);
  const issues: Issue[] = [];
  const tok = token('status', at, end, issues);
  tok.status = shorthandStatus(m.slice(at + 8, end), base + at + 8, issues);
  return tok;
}

/** `@requires:KIND[,KIND…]`: the kinds, trimmed, empty ones dropped. */
function requiresToken(m: string, at: number): Token {
  const end = tokenEnd(m, at);
  const requires: string[] = [];
  for (let from = at + 10; ; ) {
    const comma = m.indexOf(',', from);
    const stop = comma === -1 || comma > end ? end : comma;
    const kind = m.slice(from, stop).trim();
    if (kind !== '') requires.push(kind);
    if (stop === end) break;
    from = stop + 1;
  }
  const tok = token('requires', at, end, NO_ISSUES);
  tok.requires = requires;
  return tok;
}

function linkToken(m: string, raw: string, at: number, base: number, kind: LinkKind): Token {
  const end = tokenEnd(m, at);
  const issues: Issue[] = [];
  const head = kind.length + 2;
  const tok = token('link', at, end, issues);
  tok.links = readLinks(kind, raw.slice(at + head, end), base + at, head, issues);
  return tok;
}

/** `@fact:ID` or `@fact/TYPE:ID` (an empty or cut-short id is reported here). */
function factToken(m: string, raw: string, at: number, base: number): Token {
  let i = at + 5;
  let type: string | undefined;
  if (m[i] === '/') {
    const colon = m.indexOf(':', i);
    const stop = tokenEnd(m, i);
    if (colon === -1 || colon > stop) {
      type = m.slice(i + 1, stop);
      i = stop;
    } else {
      type = m.slice(i + 1, colon);
      i = colon + 1;
    }
  } else i += 1;
  const idTo = m[i - 1] === ':' ? idEnd(m, i) : i;
  const end = idTo > i ? idTo : tokenEnd(m, at);
  const text = raw.slice(at, end);
  if (idTo === i) {
    const issues: Issue[] = [
      {
        code: 'empty-id',
        offset: base + at,
        token: text,
        message: `\`${text}\` has no id`,
        fix: 'write an id right after the colon: `@fact:SOME-ID` (a letter, then letters, digits, `_` or `-`)',
      },
    ];
    return token('fact', at, end, issues);
  }
  const id = m.slice(i, idTo);
  // A control character right after the id would cut it short without a word (`AB\0CD` read as `AB`).
  // @implements cli#CONTROL-CHARACTERS-ESCAPED
  const after = m.charCodeAt(end);
  if (after < 0x20 ? after !== 0x09 && after !== 0x0a && after !== 0x0d : after === 0x7f) {
    const issues: Issue[] = [
      {
        code: 'control-character',
        offset: base + end,
        token: m[end]!,
        message: `the id \`${id}\` is followed by the control character U+${after.toString(16).toUpperCase().padStart(4, '0')}, which no id may hold`,
        fix: 'delete the control character (an editor may show it as ^@ or nothing at all)',
      },
    ];
    return token('fact', at, end, issues);
  }
  const anchor: Anchor = { id, offset: base + at, token: text };
  if (type !== undefined) anchor.type = type;
  const tok = token('fact', at, end, NO_ISSUES);
  tok.anchor = anchor;
  return tok;
}

/** `##ID`, the short anchor. */
function hashesToken(m: string, raw: string, at: number, base: number): Token | undefined {
  const end = idEnd(m, at + 2);
  if (end === at + 2) return undefined;
  const tok = token('hashes', at, end, NO_ISSUES);
  tok.anchor = { id: m.slice(at + 2, end), offset: base + at, token: raw.slice(at, end) };
  return tok;
}

/**
 * Legacy `@stage[/state]`: ours only when the whole token is in the vocabulary,
 * so npm scopes (`@types/node`) and `@spec://` directives stay prose.
 */
function legacyToken(m: string, at: number): Token | undefined {
  const end = tokenEnd(m, at);
  const word = m.slice(at + 1, end);
  const slash = word.indexOf('/');
  const stage = slash === -1 ? word : word.slice(0, slash);
  const state = slash === -1 ? undefined : word.slice(slash + 1);
  if (!isStage(stage) || (state !== undefined && !isState(state))) return undefined;
  const tok = token('legacy', at, end, NO_ISSUES);
  tok.status = { stage, state: state ?? (stage === 'unknown' ? 'hold' : 'work') };
  return tok;
}
