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
import { rust } from './languages/rust.ts';
import { scanLanguage } from './languages/scan.ts';
import { parseAddress, type RawCitation } from './refs.ts';
import { ID, lexRust, PUNCT, type RustTokens, STR, type Token } from './rust-tokens.ts';
import { type lineIndex, placed, type ScannedCitation } from './types.ts';

export type { Token, TokenKind } from './rust-tokens.ts';

/** The tokens of a Rust file's code (comments and whitespace dropped), as parallel arrays (rust-tokens.ts). */
export function tokenize(text: string): RustTokens {
  return lexRust(text);
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

/** Index of the token closing the bracket opened at `open` (or the last token). */
export function closing(tokens: RustTokens, open: number): number {
  const { kinds, starts, ends, source } = tokens;
  // The closers awaited, innermost last, by character code (the file's one list, emptied for each call).
  const stack = tokens.closers;
  stack.length = 0;
  for (let i = open; i < tokens.length; i++) {
    if (kinds[i] !== PUNCT || ends[i]! - starts[i]! !== 1) continue;
    const c = source.charCodeAt(starts[i]!);
    if (c === OPEN_PAREN) stack.push(CLOSE_PAREN);
    else if (c === OPEN_BRACKET) stack.push(CLOSE_BRACKET);
    else if (c === OPEN_BRACE) stack.push(CLOSE_BRACE);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i;
    }
  }
  return tokens.length - 1;
}

const OPEN_PAREN = 40;
const CLOSE_PAREN = 41;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const SEMICOLON = 59;
const HASH_SIGN = 35;

/** Reads `path::to::name` at `i`; returns the segments and the index after them. */
function readPath(tokens: RustTokens, i: number): { path: string[]; next: number } {
  const path: string[] = [];
  let j = i;
  if (tokens.is(j, '::')) j++;
  while (tokens.isKind(j, ID)) {
    path.push(tokens.text(j)!);
    if (!tokens.is(j + 1, '::')) return { path, next: j + 1 };
    j += 2;
  }
  return { path, next: j };
}

/** `key = value` and positional arguments of an attribute or macro call between `(` and `)`. */
function readArgs(
  tokens: RustTokens,
  open: number,
  close: number,
): { positional: Token[]; named: Map<string, Token> } {
  const positional: Token[] = [];
  const named = new Map<string, Token>();
  let i = open + 1;
  while (i < close) {
    if (tokens.isKind(i, ID) && tokens.is(i + 1, '=') && i + 2 < close) {
      named.set(tokens.text(i)!, tokens.token(i + 2)!);
      i += 3;
    } else {
      if (!tokens.is(i, ',')) positional.push(tokens.token(i)!);
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
  tokens: RustTokens,
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
  const where = tokens.starts[hash]!;
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
function isTestAttribute(tokens: RustTokens, path: string[], open: number, close: number): boolean {
  const name = path[path.length - 1];
  if (name === 'test' && path.length <= 2) return true;
  // rstest's and test-case's attributes make the function a test (and keep a `#[ignore]` beside them).
  if ((name === 'rstest' || name === 'test_case') && path.length <= 2) return true;
  if (name !== 'cfg' || open === -1) return false;
  return requiresTest(tokens, open + 1, close);
}

/** Whether the cfg predicate in tokens[from, to) holds only when `test` does. */
function requiresTest(tokens: RustTokens, from: number, to: number): boolean {
  if (!tokens.isKind(from, ID)) return false;
  if (tokens.is(from, 'test')) return from + 1 === to;
  if (!tokens.is(from, 'all') || !tokens.is(from + 1, '(')) return false;
  // all(a, b, …): test code when one of its top-level predicates requires test.
  const end = closing(tokens, from + 1);
  let start = from + 2;
  let depth = 0;
  for (let i = start; i <= end; i++) {
    if (i === end || (depth === 0 && tokens.is(i, ','))) {
      if (i > start && requiresTest(tokens, start, i)) return true;
      start = i + 1;
    } else if (tokens.is(i, '(')) depth++;
    else if (tokens.is(i, ')')) depth--;
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
  lex: () => RustTokens = () => lexRust(text),
): ScannedCitation[] {
  if (!CARRIER.test(text)) return [];
  const comments = scanLanguage(text, rust);
  const hasCarrier = /\[\s*(?:specmark\s*::\s*)?(?:spec|verifies)\s*\(|scope\s*!/.test(text);
  if (!hasCarrier && comments.length === 0) return [];
  const tokens = lex();
  const at = tokens.lines();
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

  const { kinds, starts, ends } = tokens;
  for (let i = 0; i < tokens.length; i++) {
    const kind = kinds[i]!;
    const tStart = starts[i]!;
    const top = stack[stack.length - 1]!;
    while (nextComment < comments.length && comments[nextComment]!.offset < tStart) {
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
    // One-character punctuation's code (0 for any other token): most tokens are looked at only through it.
    const punct = kind === PUNCT && ends[i]! - tStart === 1 ? text.charCodeAt(tStart) : 0;
    if (punct === HASH_SIGN && (tokens.is(i + 1, '[') || tokens.is(i + 1, '!'))) {
      const inner = tokens.is(i + 1, '!');
      const open = inner ? i + 2 : i + 1;
      if (!tokens.is(open, '[')) continue;
      const close = closing(tokens, open);
      const { path, next } = readPath(tokens, open + 1);
      const argsOpen = tokens.is(next, '(') ? next : -1;
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
        namesIgnore(tokens, argsOpen, argsClose)
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
    if (kind === ID && tokens.is(i, 'scope') && tokens.is(i + 1, '!') && tokens.is(i + 2, '(')) {
      const viaCrate = tokens.is(i - 1, '::') && tokens.is(i - 2, 'specmark');
      const start = viaCrate ? starts[i - 2]! : tStart;
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
    if (kind === PUNCT) {
      if (punct === OPEN_PAREN || punct === OPEN_BRACKET) parens++;
      else if (punct === CLOSE_PAREN || punct === CLOSE_BRACKET) parens = Math.max(0, parens - 1);
      else if (punct === SEMICOLON && item && parens === 0 && item.depth === stack.length) {
        // `mod x;`, `struct X(u8);`, `const X: T = …;`: an item without a body.
        flushPending(item.symbol, item.test);
        item = undefined;
      } else if (punct === OPEN_BRACE) {
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
      } else if (punct === CLOSE_BRACE) {
        if (stack.length > 1) finishModule(stack.pop()!);
        if (item && item.depth > stack.length) item = undefined;
      }
      continue;
    }
    if (kind !== ID || item !== undefined) continue;
    const keyword = itemKeyword(tokens, i);
    if (keyword === undefined) continue;
    // `const fn`, `unsafe impl`, `impl Trait` in a signature: only an item keyword that names something.
    if (keyword === 'const' && tokens.is(i + 1, 'fn')) continue;
    if (keyword === 'const' && tokens.is(i + 1, '{')) continue;
    const name = itemName(tokens, i, keyword);
    if (name === undefined) continue;
    const symbol = `${top.symbol}::${name}`;
    const test = top.test || pending.test;
    if (ignoreNext && test) ignored.add(symbol);
    if (mayIgnoreNext && test) mayBeIgnored.add(symbol);
    ignoreNext = false;
    mayIgnoreNext = false;
    item = { symbol, keyword, test, start: tStart, depth: stack.length };
    lastItem = { symbol, test, line: at(tStart).line };
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
function leadsToItem(tokens: RustTokens, i: number): boolean {
  const kind = tokens.kinds[i];
  if (kind === ID) {
    const word = tokens.text(i)!;
    return QUALIFIERS.has(word) || ITEM_KEYWORDS.has(word) || word === 'macro_rules';
  }
  if (tokens.isKind(i, STR)) return tokens.is(i - 1, 'extern');
  if (tokens.is(i, '#')) return true;
  if (tokens.is(i, '(')) return tokens.is(i - 1, 'pub');
  if (tokens.is(i, ')')) return QUALIFIERS.has(tokens.text(i - 1) ?? '') && tokens.is(i - 2, '(');
  return false;
}

/** The item keywords by length, so an identifier is compared with a few of them and never sliced. */
const KEYWORDS_BY_LENGTH: string[][] = [];
for (const word of [...ITEM_KEYWORDS, 'macro', 'macro_rules']) {
  const bucket = KEYWORDS_BY_LENGTH[word.length] ?? [];
  bucket.push(word);
  KEYWORDS_BY_LENGTH[word.length] = bucket;
}

/**
 * The item keyword identifier `i` is: `macro` for `macro_rules!` (and for
 * the reserved word `macro`), the word itself for one of ITEM_KEYWORDS,
 * else undefined (`macro_rules` with no `!` after it is no keyword).
 */
function itemKeyword(tokens: RustTokens, i: number): string | undefined {
  const candidates = KEYWORDS_BY_LENGTH[tokens.ends[i]! - tokens.starts[i]!];
  if (candidates === undefined) return undefined;
  for (let k = 0; k < candidates.length; k++) {
    const word = candidates[k]!;
    if (!tokens.is(i, word)) continue;
    if (word === 'macro_rules') return tokens.is(i + 1, '!') ? 'macro' : undefined;
    return word;
  }
  return undefined;
}

/** Whether an identifier `ignore` stands among tokens [from, to). */
function namesIgnore(tokens: RustTokens, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (tokens.kinds[i] === ID && tokens.is(i, 'ignore')) return true;
  return false;
}

/** The name an item keyword introduces: `fn run` → `run`, `impl X for Y` → `Y`, `macro_rules! m` → `m`. */
function itemName(tokens: RustTokens, i: number, keyword: string): string | undefined {
  if (keyword === 'macro') return tokens.isKind(i + 2, ID) ? tokens.text(i + 2) : undefined;
  if (keyword !== 'impl') return tokens.isKind(i + 1, ID) ? tokens.text(i + 1) : undefined;
  // impl<T> Trait for Type<T> { … }: the last path before `{` / `where`, after `for` when there is one.
  let j = i + 1;
  if (tokens.is(j, '<')) j = skipGenerics(tokens, j);
  let name: string | undefined;
  for (; j < tokens.length; j++) {
    const id = tokens.kinds[j] === ID;
    if (tokens.is(j, '{') || tokens.is(j, ';') || (id && tokens.is(j, 'where'))) break;
    if (tokens.is(j, '<')) {
      j = skipGenerics(tokens, j) - 1;
      continue;
    }
    if (id && tokens.is(j, 'for')) name = undefined;
    else if (id && !tokens.is(j, 'dyn') && !tokens.is(j, 'unsafe')) name = tokens.text(j);
  }
  return name;
}

function skipGenerics(tokens: RustTokens, open: number): number {
  let depth = 0;
  for (let j = open; j < tokens.length; j++) {
    if (tokens.is(j, '<')) depth++;
    else if (tokens.is(j, '>') && !tokens.is(j - 1, '-')) {
      depth--;
      if (depth === 0) return j + 1;
    } else if (tokens.is(j, '{') || tokens.is(j, ';')) return j;
  }
  return tokens.length;
}
