/**
 * Rust citations: vibevm's specmark carriers (PROP-014 §2.3) beside the
 * comment tags every language has.
 *
 *   #[spec(implements = "spec://…#anchor", r = 1)]      one edge per attribute
 *   #[verifies("spec://…#anchor", r = 1)]               test sugar
 *   #[spec(deviates = "…", reason = "…")]               reason required
 *   specmark::scope!("spec://…#anchor");                module marker (verb `scope`)
 *
 * A small lexer (strings, raw strings, chars vs lifetimes, nested block
 * comments) feeds an item walk that names each citation's item by its Rust
 * path (`vibe_index::types::Entry`) and decides per block whether it is test
 * code: `#[cfg(test)]` items and modules, `#[test]` functions, `#![cfg(test)]`.
 */
import { NESTED_SLASH_BLOCK } from './languages/forms.ts';
import { nestedEnd } from './languages/grammar.ts';
import { rust } from './languages/rust.ts';
import { scanLanguage } from './languages/scan.ts';
import { parseAddress, type RawCitation } from './refs.ts';
import { lineIndex, placed, type ScannedCitation } from './types.ts';

export type TokenKind = 'id' | 'str' | 'num' | 'punct' | 'other';

export interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  /** Identifier or punctuation text, or a string literal's decoded value. */
  text: string;
}

/** `[A-Za-z_]`, by character code: the lexer asks it of most characters of a file. */
function isIdStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

/** `[A-Za-z0-9_]`. */
function isIdPart(c: number): boolean {
  return isIdStart(c) || (c >= 48 && c <= 57);
}

/** The end of the identifier characters from `j`. */
function idEnd(text: string, j: number): number {
  const n = text.length;
  while (j < n && isIdPart(text.charCodeAt(j))) j++;
  return j;
}

/** Decodes a (non-raw) Rust string body: escapes, and `\` + newline + indentation (line continuation). */
function decodeEscapes(body: string): string {
  return body.replace(/\\(\r?\n[ \t]*|n|t|r|0|\\|"|'|u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2})/g, (_, e: string) => {
    if (e.startsWith('\n') || e.startsWith('\r')) return '';
    if (e === 'n') return '\n';
    if (e === 't') return '\t';
    if (e === 'r') return '\r';
    if (e === '0') return '\0';
    if (e.startsWith('u')) return String.fromCodePoint(Number.parseInt(e.slice(2, -1), 16));
    if (e.startsWith('x')) return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    return e;
  });
}

/** Tokens of the code (comments and whitespace dropped). */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    // Character codes, not one-character strings: this loop visits every character of every Rust file.
    const c = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (c === SPACE || c === TAB || c === LF || c === CR) {
      i++;
    } else if (c === SLASH && next === SLASH) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? n : end;
    } else if (c === SLASH && next === STAR) {
      i = nestedEnd(text, i, NESTED_SLASH_BLOCK);
    } else if (c === QUOTE || ((c === LOWER_B || c === LOWER_C) && next === QUOTE)) {
      const open = c === QUOTE ? i : i + 1;
      let j = open + 1;
      while (j < n && text.charCodeAt(j) !== QUOTE) j += text.charCodeAt(j) === BACKSLASH ? 2 : 1;
      tokens.push({ kind: 'str', start: i, end: j + 1, text: decodeEscapes(text.slice(open + 1, j)) });
      i = j + 1;
    } else if (
      (c === LOWER_R || ((c === LOWER_B || c === LOWER_C) && next === LOWER_R)) &&
      isRawStart(text, c === LOWER_R ? i : i + 1)
    ) {
      const r = c === LOWER_R ? i : i + 1;
      let h = r + 1;
      while (text.charCodeAt(h) === HASH) h++;
      const hashes = text.slice(r + 1, h);
      const bodyStart = r + 2 + hashes.length;
      const close = text.indexOf(`"${hashes}`, bodyStart);
      const end = close === -1 ? n : close;
      tokens.push({ kind: 'str', start: i, end: end + 1 + hashes.length, text: text.slice(bodyStart, end) });
      i = end + 1 + hashes.length;
    } else if (c === APOSTROPHE) {
      // A char literal closes within a few characters; otherwise a lifetime or label.
      const m = /^'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^'\\\n])'/u.exec(text.slice(i, i + 14));
      if (m) {
        tokens.push({ kind: 'other', start: i, end: i + m[0].length, text: m[0] });
        i += m[0].length;
      } else {
        const j = idEnd(text, i + 1);
        tokens.push({ kind: 'other', start: i, end: j, text: text.slice(i, j) });
        i = j;
      }
    } else if (isIdStart(c)) {
      const j = idEnd(text, i + 1);
      tokens.push({ kind: 'id', start: i, end: j, text: text.slice(i, j) });
      i = j;
    } else if (c >= DIGIT_0 && c <= DIGIT_9) {
      let j = i + 1;
      for (; j < n; j++) {
        const d = text.charCodeAt(j);
        if (d === DOT ? text.charCodeAt(j + 1) === DOT : !isIdPart(d)) break;
      }
      tokens.push({ kind: 'num', start: i, end: j, text: text.slice(i, j) });
      i = j;
    } else if (c === COLON && next === COLON) {
      tokens.push({ kind: 'punct', start: i, end: i + 2, text: '::' });
      i += 2;
    } else {
      // One UTF-16 unit, as text[i] reads it (a character past the BMP is two punct tokens, as it always was).
      tokens.push({ kind: 'punct', start: i, end: i + 1, text: text[i]! });
      i++;
    }
  }
  return tokens;
}

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const SLASH = 47;
const STAR = 42;
const QUOTE = 34;
const APOSTROPHE = 39;
const BACKSLASH = 92;
const HASH = 35;
const COLON = 58;
const DOT = 46;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
const LOWER_B = 98;
const LOWER_C = 99;
const LOWER_R = 114;

/** Whether a raw string starts at `r` (an `r`, then `#`s, then `"`), looked at within 260 characters as before. */
function isRawStart(text: string, r: number): boolean {
  const after = text.charCodeAt(r + 1);
  // Most identifiers that start with `r` end the test here, with no slice and no regex.
  if (after !== QUOTE && after !== HASH) return false;
  return /^r#*"/.test(text.slice(r, r + 260));
}

const ITEM_KEYWORDS = new Set([
  'fn',
  'struct',
  'enum',
  'trait',
  'impl',
  'mod',
  'type',
  'const',
  'static',
  'union',
]);
/** Items whose `{` is their body (const/static/type end at `;`, their braces are expressions). */
const BODY_ITEMS = new Set(['fn', 'struct', 'enum', 'trait', 'impl', 'mod', 'union', 'macro']);
const CITING_VERBS = new Set(['implements', 'verifies', 'deviates']);

/** The lists of every plain block's frame: frozen, as nothing may be added to them. */
const NO_ITEMS: string[] = Object.freeze([]) as unknown as string[];
const NO_TAGS: Set<string> = new Set<string>();
const NO_SCOPES: ScannedCitation[] = Object.freeze([]) as unknown as ScannedCitation[];

interface Frame {
  /** Rust path of the item this brace belongs to (the enclosing one for plain blocks). */
  symbol: string;
  test: boolean;
  /** A module (file root or `mod x { }`): its direct items can inherit a `scope!`. */
  module: boolean;
  items: string[];
  tagged: Set<string>;
  scopes: ScannedCitation[];
}

/** Everything the attributes before an item said about it. */
interface Pending {
  cites: ScannedCitation[];
  test: boolean;
}

/**
 * `crates/vibe-index/src/types/entry/mod.rs` → `vibe_index::types::entry`;
 * `…/tests/cli_read.rs` → `vibe_index::tests::cli_read`. The crate name is
 * the directory holding `src/` or `tests/`, dashes read as underscores, so
 * the scan stays a function of the file's path and text alone.
 */
// @implements scanner#RUST-SYMBOL-PATHS
export function rustModulePath(file: string): string {
  const parts = file.split('/');
  let at = -1;
  for (let i = parts.length - 2; i >= 0; i--) {
    if (['src', 'tests', 'benches', 'examples'].includes(parts[i]!)) {
      at = i;
      break;
    }
  }
  const crate = (at > 0 ? parts[at - 1]! : 'crate').replace(/-/g, '_');
  const rest = (at === -1 ? parts.slice(-1) : parts.slice(at + 1)).map((p) => p.replace(/\.rs$/, ''));
  if (at !== -1 && parts[at] !== 'src') rest.unshift(parts[at]!);
  const last = rest[rest.length - 1];
  if (last === 'mod' || (rest.length === 1 && (last === 'lib' || last === 'main'))) rest.pop();
  return [crate, ...rest].join('::');
}

const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Index of the token closing the bracket opened at `open` (or the last token). */
export function closing(tokens: Token[], open: number): number {
  const stack: string[] = [];
  for (let i = open; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'punct') continue;
    if (pairs[t.text]) stack.push(pairs[t.text]!);
    else if (t.text === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i;
    }
  }
  return tokens.length - 1;
}

/** Reads `path::to::name` at `i`; returns the segments and the index after them. */
function readPath(tokens: Token[], i: number): { path: string[]; next: number } {
  const path: string[] = [];
  let j = i;
  if (tokens[j]?.text === '::') j++;
  while (tokens[j]?.kind === 'id') {
    path.push(tokens[j]!.text);
    if (tokens[j + 1]?.text !== '::') return { path, next: j + 1 };
    j += 2;
  }
  return { path, next: j };
}

/** `key = value` and positional arguments of an attribute or macro call between `(` and `)`. */
function readArgs(
  tokens: Token[],
  open: number,
  close: number,
): { positional: Token[]; named: Map<string, Token> } {
  const positional: Token[] = [];
  const named = new Map<string, Token>();
  let i = open + 1;
  while (i < close) {
    const t = tokens[i]!;
    if (t.kind === 'id' && tokens[i + 1]?.text === '=' && i + 2 < close) {
      named.set(t.text, tokens[i + 2]!);
      i += 3;
    } else {
      if (t.text !== ',') positional.push(t);
      i++;
    }
  }
  return { positional, named };
}

type At = ReturnType<typeof lineIndex>;

/** One citation from an attribute or macro: its address string, pin and reason. */
function citation(
  verb: ScannedCitation['verb'],
  where: number,
  address: Token | undefined,
  revision: Token | undefined,
  reason: Token | undefined,
  at: At,
  form: string,
): ScannedCitation {
  const raw: RawCitation = { verb, ref: '', id: '', offset: where };
  const parsed = address?.kind === 'str' ? parseAddress(address.text) : undefined;
  if (!parsed) {
    raw.ref = address?.text ?? '';
    raw.malformed =
      address?.kind === 'str'
        ? `\`${address.text}\` is not an address spec://NAMESPACE/DOC#ANCHOR (or DOC#ID)`
        : `${form} names no address; write it as a string, e.g. "spec://NAMESPACE/DOC#ANCHOR"`;
  } else {
    Object.assign(raw, parsed);
    if (revision !== undefined) {
      if (revision.kind === 'num' && /^[0-9]+$/.test(revision.text)) raw.pin = `r${revision.text}`;
      else raw.malformed = `\`r = ${revision.text}\` is not a revision; write r = N with N a whole number`;
    }
  }
  if (reason?.kind === 'str') raw.reason = reason.text.replace(/\s+/g, ' ').trim();
  return placed(raw, at);
}

/** The citation an attribute carries, when it is `spec(…)` or `verifies(…)`. */
function attributeCitation(
  tokens: Token[],
  hash: number,
  path: string[],
  open: number,
  close: number,
  at: At,
) {
  const name = path[path.length - 1];
  if (!(path.length === 1 || (path.length === 2 && path[0] === 'specmark'))) return undefined;
  if (name !== 'spec' && name !== 'verifies') return undefined;
  const { positional, named } = readArgs(tokens, open, close);
  const where = tokens[hash]!.start;
  if (name === 'verifies') {
    return citation('verifies', where, positional[0], named.get('r'), undefined, at, '#[verifies(…)]');
  }
  const verb = [...named.keys()].find((k) => CITING_VERBS.has(k));
  // `documents` / `informs` edges say nothing the gate counts: not citations here.
  if (verb === undefined) return undefined;
  return citation(
    verb as ScannedCitation['verb'],
    where,
    named.get(verb),
    named.get('r'),
    named.get('reason'),
    at,
    `#[spec(${verb} = …)]`,
  );
}

/** Whether a path is an `#[ignore]` test or lies inside one. */
function isWithinIgnored(symbol: string, ignored: ReadonlySet<string>): boolean {
  for (const path of ignored) if (symbol === path || symbol.startsWith(`${path}::`)) return true;
  return false;
}

/**
 * Whether an attribute makes test code: `#[test]`, and a `cfg` that holds
 * only when testing: `cfg(test)` or `cfg(all(test, …))`. Not `cfg(not(test))`,
 * nor `cfg(any(test, feature = "x"))`, which builds outside tests too.
 */
// @implements scanner#RUST-CFG-TEST-ONLY
function isTestAttribute(tokens: Token[], path: string[], open: number, close: number): boolean {
  const name = path[path.length - 1];
  if (name === 'test' && path.length <= 2) return true;
  // rstest's and test-case's attributes make the function a test (and keep a `#[ignore]` beside them).
  if ((name === 'rstest' || name === 'test_case') && path.length <= 2) return true;
  if (name !== 'cfg' || open === -1) return false;
  return requiresTest(tokens, open + 1, close);
}

/** Whether the cfg predicate in tokens[from, to) holds only when `test` does. */
function requiresTest(tokens: Token[], from: number, to: number): boolean {
  const first = tokens[from];
  if (first?.kind !== 'id') return false;
  if (first.text === 'test') return from + 1 === to;
  if (first.text !== 'all' || tokens[from + 1]?.text !== '(') return false;
  // all(a, b, …): test code when one of its top-level predicates requires test.
  const end = closing(tokens, from + 1);
  let start = from + 2;
  let depth = 0;
  for (let i = start; i <= end; i++) {
    const t = tokens[i]!.text;
    if (i === end || (t === ',' && depth === 0)) {
      if (i > start && requiresTest(tokens, start, i)) return true;
      start = i + 1;
    } else if (t === '(') depth++;
    else if (t === ')') depth--;
  }
  return false;
}

/** A quick look before lexing: files with no carrier at all cost one regex. */
const CARRIER =
  /#\s*!?\s*\[\s*(?:specmark\s*::\s*)?(?:spec|verifies)\s*\(|scope\s*!|#\s*\[\s*(?:cfg\s*\(|test\s*\])|@(?:spec|implements|verifies|deviates)\b/;

/**
 * The citations of one Rust file. `lex` gives its tokens (by default it lexes
 * the text); a file with no carrier is never lexed.
 */
// @implements scanner#RUST-ATTRIBUTE-CARRIERS
// @implements scanner#RUST-SCOPE-INHERITANCE
// @implements scanner#TEST-PER-BLOCK
export function scanRust(
  text: string,
  file: string,
  lex: () => Token[] = () => tokenize(text),
): ScannedCitation[] {
  if (!CARRIER.test(text)) return [];
  const comments = scanLanguage(text, rust);
  const hasCarrier = /\[\s*(?:specmark\s*::\s*)?(?:spec|verifies)\s*\(|scope\s*!/.test(text);
  if (!hasCarrier && comments.length === 0) return [];
  const tokens = lex();
  const at = lineIndex(text);
  const out: ScannedCitation[] = [];
  const root: Frame = {
    symbol: rustModulePath(file),
    test: false,
    module: true,
    items: [],
    tagged: new Set(),
    scopes: [],
  };
  const stack: Frame[] = [root];
  /** Item frames waiting for their `{`: index of the frame's brace depth. */
  let pending: Pending = { cites: [], test: false };
  let item: { symbol: string; keyword: string; test: boolean; start: number; depth: number } | undefined;
  let parens = 0;
  // Comment citations bind like attributes: to the item that follows them, else to where they stand.
  let nextComment = 0;
  let commentsWaiting: ScannedCitation[] = [];
  let lastItem: { symbol: string; test: boolean; line: number } | undefined;
  // `#[ignore]` tests, by path: `cargo test` runs them only when asked (`--ignored`).
  const ignored = new Set<string>();
  let ignoreNext = false;
  const mayBeIgnored = new Set<string>();
  let mayIgnoreNext = false;
  const bindComments = (symbol: string, test: boolean): void => {
    for (const c of commentsWaiting) {
      c.symbol = symbol;
      if (test) c.inTest = true;
    }
    commentsWaiting = [];
  };

  const finishModule = (frame: Frame): void => {
    if (!frame.module) return;
    const covers = [...new Set(frame.items.filter((s) => !frame.tagged.has(s)))];
    for (const scope of frame.scopes) scope.covers = covers;
  };
  const flushPending = (symbol: string, test: boolean): void => {
    for (const c of pending.cites) {
      c.symbol = symbol;
      if (test) c.inTest = true;
      out.push(c);
    }
    pending = { cites: [], test: false };
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const top = stack[stack.length - 1]!;
    while (nextComment < comments.length && comments[nextComment]!.offset < t.start) {
      const c = comments[nextComment++]!;
      if (trailing(text, c.offset)) {
        // A comment after code on its line speaks about that line's item.
        const own = lastItem?.line === c.line ? lastItem : undefined;
        c.symbol = own?.symbol ?? top.symbol;
        if (own?.test ?? top.test) c.inTest = true;
      } else commentsWaiting.push(c);
    }
    if (commentsWaiting.length > 0 && item === undefined && !leadsToItem(tokens, i)) {
      bindComments(top.symbol, top.test);
    }
    if (
      t.kind === 'punct' &&
      t.text === '#' &&
      (tokens[i + 1]?.text === '[' || tokens[i + 1]?.text === '!')
    ) {
      const inner = tokens[i + 1]!.text === '!';
      const open = inner ? i + 2 : i + 1;
      if (tokens[open]?.text !== '[') continue;
      const close = closing(tokens, open);
      const { path, next } = readPath(tokens, open + 1);
      const argsOpen = tokens[next]?.text === '(' ? next : -1;
      const argsClose = argsOpen === -1 ? -1 : closing(tokens, argsOpen);
      if (isTestAttribute(tokens, path, argsOpen, argsClose)) {
        if (inner) top.test = true;
        else pending.test = true;
      } else if (!inner && path.length === 1 && path[0] === 'ignore') {
        ignoreNext = true;
      } else if (
        !inner &&
        path.length === 1 &&
        path[0] === 'cfg_attr' &&
        argsOpen !== -1 &&
        tokens.slice(argsOpen, argsClose).some((a) => a.kind === 'id' && a.text === 'ignore')
      ) {
        // `#[cfg_attr(feature = "x", ignore)]`: ignored or not by the build's configuration.
        mayIgnoreNext = true;
      } else if (argsOpen !== -1) {
        const cite = attributeCitation(tokens, i, path, argsOpen, argsClose, at);
        if (cite) {
          if (inner) {
            cite.symbol = top.symbol;
            if (top.test) cite.inTest = true;
            out.push(cite);
          } else pending.cites.push(cite);
        }
      }
      i = close;
      continue;
    }
    if (t.kind === 'id' && t.text === 'scope' && tokens[i + 1]?.text === '!' && tokens[i + 2]?.text === '(') {
      const viaCrate = tokens[i - 1]?.text === '::' && tokens[i - 2]?.text === 'specmark';
      const start = viaCrate ? tokens[i - 2]!.start : t.start;
      const close = closing(tokens, i + 2);
      const { positional, named } = readArgs(tokens, i + 2, close);
      const cite = citation('scope', start, positional[0], named.get('r'), undefined, at, 'scope!(…)');
      cite.symbol = top.symbol;
      if (top.test) cite.inTest = true;
      out.push(cite);
      // Only a module's scopes cover items (finishModule); a plain block shares the empty list.
      if (top.module) top.scopes.push(cite);
      i = close;
      continue;
    }
    if (t.kind === 'punct') {
      if (t.text === '(' || t.text === '[') parens++;
      else if (t.text === ')' || t.text === ']') parens = Math.max(0, parens - 1);
      else if (t.text === ';' && item && parens === 0 && item.depth === stack.length) {
        // `mod x;`, `struct X(u8);`, `const X: T = …;`: an item without a body.
        flushPending(item.symbol, item.test);
        item = undefined;
      } else if (t.text === '{') {
        if (item && parens === 0 && item.depth === stack.length && BODY_ITEMS.has(item.keyword)) {
          const module = item.keyword === 'mod';
          const frame: Frame = {
            symbol: item.symbol,
            test: item.test,
            module,
            // Only a module's lists are ever added to: an item body shares the empty ones.
            items: module ? [] : NO_ITEMS,
            tagged: module ? new Set() : NO_TAGS,
            scopes: module ? [] : NO_SCOPES,
          };
          flushPending(item.symbol, item.test);
          item = undefined;
          stack.push(frame);
        } else {
          // A plain block: no module, so nothing is ever added to its lists; it shares the empty ones.
          stack.push({
            symbol: top.symbol,
            test: top.test,
            module: false,
            items: NO_ITEMS,
            tagged: NO_TAGS,
            scopes: NO_SCOPES,
          });
        }
      } else if (t.text === '}') {
        if (stack.length > 1) finishModule(stack.pop()!);
        if (item && item.depth > stack.length) item = undefined;
      }
      continue;
    }
    if (t.kind !== 'id' || item !== undefined) continue;
    const keyword = t.text === 'macro_rules' && tokens[i + 1]?.text === '!' ? 'macro' : t.text;
    if (!ITEM_KEYWORDS.has(keyword) && keyword !== 'macro') continue;
    // `const fn`, `unsafe impl`, `impl Trait` in a signature: only an item keyword that names something.
    if (keyword === 'const' && tokens[i + 1]?.text === 'fn') continue;
    if (keyword === 'const' && tokens[i + 1]?.text === '{') continue;
    const name = itemName(tokens, i, keyword);
    if (name === undefined) continue;
    const symbol = `${top.symbol}::${name}`;
    const test = top.test || pending.test;
    if (ignoreNext && test) ignored.add(symbol);
    if (mayIgnoreNext && test) mayBeIgnored.add(symbol);
    ignoreNext = false;
    mayIgnoreNext = false;
    item = { symbol, keyword, test, start: t.start, depth: stack.length };
    lastItem = { symbol, test, line: at(t.start).line };
    bindComments(symbol, test);
    if (top.module) {
      top.items.push(symbol);
      if (pending.cites.length > 0) top.tagged.add(symbol);
    }
  }
  finishModule(root);
  // Attributes and comments followed by no item (a statement, the end of the file) belong to where they stand.
  const last = stack[stack.length - 1]!;
  flushPending(last.symbol, last.test);
  commentsWaiting.push(...comments.slice(nextComment));
  bindComments(last.symbol, last.test);
  const found = [...out, ...comments];
  // @implements scanner#STATIC-SKIP-VERIFIES-NOTHING
  // @implements scanner#STATIC-NO-TEST-BLOCK-IS-UNCONFIRMED
  for (const c of found) {
    // In a test file (tests/*.rs) every item is test code by the globs, but only a test function, or a
    // `#[cfg(test)]` module, is run by cargo: a citation on a helper or a constant proves nothing on its own.
    if (!c.inTest) {
      c.notRun = OUTSIDE_TESTS;
      continue;
    }
    if (c.symbol === undefined) continue;
    if (isWithinIgnored(c.symbol, ignored)) c.notRun = 'skip: #[ignore]';
    else if (isWithinIgnored(c.symbol, mayBeIgnored))
      c.notRun = 'unknown: #[cfg_attr(…, ignore)] decides at build time';
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/** Why a citation on no test function and in no `#[cfg(test)]` module is not known to be run by cargo. */
const OUTSIDE_TESTS =
  'unknown: it sits on no #[test], #[rstest] or #[test_case] function and in no #[cfg(test)] module' as const;

/** Whether code stands before `offset` on its line. */
function trailing(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  // The tag's own comment opener (`//`, `/*`, a block comment's `*` margin) is not code.
  const before = text
    .slice(lineStart, offset)
    .replace(/\/[/*].*$/, '')
    .replace(/^\s*\*+/, '');
  return before.trim() !== '';
}

const QUALIFIERS = new Set([
  'pub',
  'async',
  'unsafe',
  'extern',
  'default',
  'const',
  'crate',
  'super',
  'self',
  'in',
]);

/**
 * Whether the token at `i` can still be the start of an item: an attribute,
 * a qualifier (`pub(crate)`, `unsafe`, `extern "C"`), an item keyword.
 */
function leadsToItem(tokens: Token[], i: number): boolean {
  const t = tokens[i]!;
  if (t.kind === 'id') return QUALIFIERS.has(t.text) || ITEM_KEYWORDS.has(t.text) || t.text === 'macro_rules';
  if (t.kind === 'str') return tokens[i - 1]?.text === 'extern';
  if (t.text === '#') return true;
  if (t.text === '(') return tokens[i - 1]?.text === 'pub';
  if (t.text === ')') return QUALIFIERS.has(tokens[i - 1]?.text ?? '') && tokens[i - 2]?.text === '(';
  return false;
}

/** The name an item keyword introduces: `fn run` → `run`, `impl X for Y` → `Y`, `macro_rules! m` → `m`. */
function itemName(tokens: Token[], i: number, keyword: string): string | undefined {
  if (keyword === 'macro') return tokens[i + 2]?.kind === 'id' ? tokens[i + 2]!.text : undefined;
  if (keyword !== 'impl') {
    const next = tokens[i + 1];
    return next?.kind === 'id' ? next.text : undefined;
  }
  // impl<T> Trait for Type<T> { … }: the last path before `{` / `where`, after `for` when there is one.
  let j = i + 1;
  if (tokens[j]?.text === '<') j = skipGenerics(tokens, j);
  let name: string | undefined;
  for (; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (t.text === '{' || t.text === ';' || (t.kind === 'id' && t.text === 'where')) break;
    if (t.text === '<') {
      j = skipGenerics(tokens, j) - 1;
      continue;
    }
    if (t.kind === 'id' && t.text === 'for') name = undefined;
    else if (t.kind === 'id' && t.text !== 'dyn' && t.text !== 'unsafe') name = t.text;
  }
  return name;
}

function skipGenerics(tokens: Token[], open: number): number {
  let depth = 0;
  for (let j = open; j < tokens.length; j++) {
    const t = tokens[j]!.text;
    if (t === '<') depth++;
    else if (t === '>' && tokens[j - 1]?.text !== '-') {
      depth--;
      if (depth === 0) return j + 1;
    } else if (t === '{' || t === ';') return j;
  }
  return tokens.length;
}
