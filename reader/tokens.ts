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

const ID = /[A-Za-z][A-Za-z0-9_-]*/y;
export const CANDIDATE = /@status:|@requires:|@fact[:/]|##|@[a-z]+|<\/?status(?![\w-])/g;
const LINK_TAG = /@(refines|derives|conflicts):/y;
export const MASK = '\u0001';
export function isSpace(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r' || ch === '\f' || ch === '\v';
}

export function tokenEnd(text: string, i: number): number {
  while (i < text.length && !isSpace(text[i])) i++;
  return i;
}

/** Builds the masked view: opaque ranges become non-space filler, blockquote prefixes become spaces. */
export function readToken(m: string, raw: string, at: number, base: number): Token | undefined {
  const prev = at === 0 ? undefined : m[at - 1];
  const standalone = prev === undefined || isSpace(prev);
  if (m.startsWith('<status', at) || m.startsWith('</status', at)) {
    if (prev === '\\') return undefined;
    const issues: Issue[] = [];
    if (m[at + 1] === '/') {
      const close = /<\/status\s*>/y;
      close.lastIndex = at;
      if (!close.exec(m)) return undefined;
      return { kind: 'close', start: at, end: close.lastIndex, issues };
    }
    const el = parseElement(m, at, base, issues);
    const token = raw.slice(at, el.end);
    if (el.selfClosing || !el.terminated) {
      const status = el.terminated ? elementStatus(el.attrs, base + at, token, issues) : undefined;
      return { kind: 'element', start: at, end: el.end, issues, ...(status ? { status } : {}) };
    }
    const status = elementStatus(el.attrs, base + at, token, issues);
    return { kind: 'open', start: at, end: el.end, issues, ...(status ? { status } : {}) };
  }
  if (!standalone) return undefined;
  if (m.startsWith('@status:', at)) {
    const end = tokenEnd(m, at);
    const issues: Issue[] = [];
    const value = m.slice(at + 8, end);
    const status = shorthandStatus(value, base + at + 8, issues);
    return { kind: 'status', start: at, end, issues, ...(status ? { status } : {}) };
  }
  if (m.startsWith('@requires:', at)) {
    const end = tokenEnd(m, at);
    const requires = m
      .slice(at + 10, end)
      .split(',')
      .map((k) => k.trim())
      .filter((k) => k !== '');
    return { kind: 'requires', start: at, end, requires, issues: [] };
  }
  LINK_TAG.lastIndex = at;
  const link = LINK_TAG.exec(m);
  if (link) {
    const end = tokenEnd(m, at);
    const issues: Issue[] = [];
    const links = readLinks(
      link[1] as LinkKind,
      raw.slice(at + link[0].length, end),
      base + at,
      link[0].length,
      issues,
    );
    return { kind: 'link', start: at, end, links, issues };
  }
  if (m.startsWith('@attr:', at)) {
    const issues: Issue[] = [];
    const { attribute, end } = readAttribute(m, raw, at, base, issues);
    return { kind: 'attr', start: at, end, issues, ...(attribute ? { attribute } : {}) };
  }
  if (m.startsWith('@fact', at)) {
    const issues: Issue[] = [];
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
    ID.lastIndex = i;
    const id = m[i - 1] === ':' ? ID.exec(m)?.[0] : undefined;
    const end = id ? i + id.length : tokenEnd(m, at);
    const token = raw.slice(at, end);
    if (!id) {
      issues.push({
        code: 'empty-id',
        offset: base + at,
        token,
        message: `\`${token}\` has no id`,
        fix: 'write an id right after the colon: `@fact:SOME-ID` (a letter, then letters, digits, `_` or `-`)',
      });
      return { kind: 'fact', start: at, end, issues };
    }
    // A control character right after the id would cut it short without a word (`AB\0CD` read as `AB`).
    // @implements cli#CONTROL-CHARACTERS-ESCAPED
    const after = m.charCodeAt(end);
    if (after < 0x20 ? after !== 0x09 && after !== 0x0a && after !== 0x0d : after === 0x7f) {
      issues.push({
        code: 'control-character',
        offset: base + end,
        token: m[end],
        message: `the id \`${id}\` is followed by the control character U+${after.toString(16).toUpperCase().padStart(4, '0')}, which no id may hold`,
        fix: 'delete the control character (an editor may show it as ^@ or nothing at all)',
      });
      return { kind: 'fact', start: at, end, issues };
    }
    const anchor: Anchor = { id, offset: base + at, token, ...(type !== undefined ? { type } : {}) };
    return { kind: 'fact', start: at, end, anchor, issues };
  }
  if (m.startsWith('##', at)) {
    ID.lastIndex = at + 2;
    const id = ID.exec(m)?.[0];
    if (!id) return undefined;
    const end = at + 2 + id.length;
    return {
      kind: 'hashes',
      start: at,
      end,
      anchor: { id, offset: base + at, token: raw.slice(at, end) },
      issues: [],
    };
  }
  // Legacy `@stage[/state]`: ours only when the whole token is in the vocabulary,
  // so npm scopes (`@types/node`) and `@spec://` directives stay prose.
  const end = tokenEnd(m, at);
  const word = m.slice(at + 1, end);
  const slash = word.indexOf('/');
  const stage = slash === -1 ? word : word.slice(0, slash);
  const state = slash === -1 ? undefined : word.slice(slash + 1);
  if (!isStage(stage) || (state !== undefined && !isState(state))) return undefined;
  return {
    kind: 'legacy',
    start: at,
    end,
    status: { stage, state: state ?? (stage === 'unknown' ? 'hold' : 'work') },
    issues: [],
  };
}
