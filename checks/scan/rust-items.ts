/**
 * The public surface of a Rust file as vibevm's orphan ratchet sees it (its
 * engine parses each file with syn and walks the items): every `pub`
 * `fn`/`struct`/`enum`/`trait`/`type` at the top of the file and inside its
 * inline `pub mod … { }` blocks (a module with a `cfg` naming `test` is not
 * walked); methods, `impl` blocks, `pub(crate)` and narrower, and items inside
 * function bodies or macro calls are not part of it. Also the lines where
 * attributes stand on an `impl` block: a citation there names the impl, which
 * tags no item. And the lines inside a macro call's body (`proptest! { … }`),
 * which syn leaves as unparsed tokens, so vibevm's scanner reads no citation
 * there. Pure.
 */
import { closing, tokenize } from './rust.ts';
import { ID, PUNCT, type RustTokens, STR } from './rust-tokens.ts';
import { lineIndex } from './types.ts';

/** The 1-based line of an offset, counted as the Rust scanner counts its citations' lines. */
function lineAt(text: string): (offset: number) => number {
  const at = lineIndex(text);
  return (offset) => at(offset).line;
}

export type PublicItemKind = 'fn' | 'struct' | 'enum' | 'trait' | 'type';

export interface PublicItem {
  /** `crate::module::Name`. */
  symbol: string;
  kind: PublicItemKind;
  /** 1-based line where the item starts (its first attribute, when it has one). */
  line: number;
}

/** A module's public items, and its walked `pub mod` blocks. */
export interface ModuleSurface {
  symbol: string;
  items: PublicItem[];
  modules: ModuleSurface[];
}

/** What the vibevm gates read of one Rust file: its public surface and the lines no citation of theirs is read on. */
export interface RustItems {
  surface: ModuleSurface;
  /** Lines of the attributes standing on `impl` blocks. */
  implAttributeLines: Set<number>;
  /**
   * Lines wholly inside a macro call's body; undefined when they were not
   * read: the freshness gate asks only about the lines of a file's citations,
   * so a file that cites nothing is not searched for macro calls.
   */
  macroBodyLines: Set<number> | undefined;
}

export interface RustSurface {
  module: ModuleSurface;
  /** Lines of the attributes standing on `impl` blocks. */
  implAttributeLines: Set<number>;
}

const COUNTED = new Set<string>(['fn', 'struct', 'enum', 'trait', 'type']);
/** Words that may stand between the visibility and an item's keyword. */
const QUALIFIERS = new Set(['default', 'const', 'async', 'unsafe', 'extern', 'auto', 'safe']);

/** Index after the first `{ … }` group or `;` at bracket depth 0 from `i` (the item's end). */
function itemEnd(tokens: RustTokens, i: number, braceEnds = true): number {
  const { kinds, starts, ends, source } = tokens;
  let depth = 0;
  for (let j = i; j < tokens.length; j++) {
    if (kinds[j] !== PUNCT || ends[j]! - starts[j]! !== 1) continue;
    const c = source.charCodeAt(starts[j]!);
    if (c === 40 /* ( */ || c === 91 /* [ */) depth++;
    else if (c === 41 /* ) */ || c === 93 /* ] */) depth--;
    else if (depth === 0 && c === 59 /* ; */) return j + 1;
    else if (depth === 0 && c === 123 /* { */) {
      const close = closing(tokens, j);
      if (braceEnds) return close + 1;
      j = close;
    }
  }
  return tokens.length;
}

/** Whether an attribute `#[cfg(…)]` (tokens open..close of its brackets) names `test` anywhere, as syn's ratchet check reads it. */
function cfgNamesTest(tokens: RustTokens, open: number, close: number): boolean {
  if (!tokens.is(open + 1, 'cfg') || !tokens.is(open + 2, '(')) return false;
  for (let j = open + 3; j < close; j++) if (tokens.text(j)!.includes('test')) return true;
  return false;
}

/**
 * The public surface of one Rust file whose module is `module` (vibevm's
 * module path of the file); `tokens`, when given, are the file's tokens the
 * scan already made (checks/scan/rust.ts tokenize), so a file is lexed once.
 */
// @implements vibevm#ORPHAN-RATCHET
export function rustSurface(
  text: string,
  module: string,
  tokens: RustTokens = tokenize(text),
  lineOf: (offset: number) => number = lineAt(text),
): RustSurface {
  const implAttributeLines = new Set<number>();
  const walk = (symbol: string, from: number, to: number): ModuleSurface => {
    const surface: ModuleSurface = { symbol, items: [], modules: [] };
    let i = from;
    while (i < to) {
      const first = i;
      let cfgTest = false;
      // Outer attributes (inner ones `#![…]` stand alone and are passed over the same way).
      while (tokens.is(i, '#') && i < to) {
        const open = tokens.is(i + 1, '!') ? i + 2 : i + 1;
        if (!tokens.is(open, '[')) break;
        const close = closing(tokens, open);
        if (cfgNamesTest(tokens, open, close)) cfgTest = true;
        i = close + 1;
      }
      if (i >= to) break;
      let isPub = false;
      if (tokens.is(i, 'pub')) {
        if (tokens.is(i + 1, '(')) i = closing(tokens, i + 1) + 1;
        else {
          isPub = true;
          i++;
        }
      }
      while (i < tokens.length && QUALIFIERS.has(tokens.text(i)!) && !tokens.is(i + 1, '!')) {
        i++;
        if (tokens.isKind(i, STR)) i++; // extern "C"
      }
      if (i >= tokens.length) break;
      const keyword = tokens.text(i)!;
      const line = lineOf(tokens.starts[first]!);
      if (tokens.kinds[i] === ID && tokens.is(i + 1, '!')) {
        // A macro call or macro_rules! at item level: its body is tokens, not items.
        let j = i + 2;
        if (tokens.isKind(j, ID)) j++;
        const brace = tokens.is(j, '{');
        if (brace || tokens.is(j, '(') || tokens.is(j, '[')) {
          j = closing(tokens, j) + 1;
          if (!brace && tokens.is(j, ';')) j++;
        }
        i = Math.max(j, i + 1);
        continue;
      }
      if (keyword === 'mod' && tokens.isKind(i + 1, ID)) {
        const name = tokens.text(i + 1)!;
        if (tokens.is(i + 2, '{')) {
          const close = closing(tokens, i + 2);
          if (isPub && !cfgTest) surface.modules.push(walk(`${symbol}::${name}`, i + 3, close));
          i = close + 1;
        } else i = itemEnd(tokens, i + 2);
        continue;
      }
      if (keyword === 'impl') {
        if (tokens.is(first, '#'))
          for (let l = line; l <= lineOf(tokens.starts[i]!); l++) implAttributeLines.add(l);
        i = itemEnd(tokens, i + 1);
        continue;
      }
      if (COUNTED.has(keyword) && tokens.isKind(i + 1, ID)) {
        if (isPub)
          surface.items.push({
            symbol: `${symbol}::${tokens.text(i + 1)!}`,
            kind: keyword as PublicItemKind,
            line,
          });
        i = itemEnd(tokens, i + 2);
        continue;
      }
      if (keyword === 'struct' || keyword === 'enum' || keyword === 'union' || keyword === 'trait') {
        i = itemEnd(tokens, i + 1);
        continue;
      }
      if (keyword === '{') {
        // An `extern "C" { … }` block: foreign items, not gated.
        i = closing(tokens, i) + 1;
        continue;
      }
      // use, extern crate, const, static, a stray token: up to the next `;` (a `{ … }` on the way is an expression).
      const end = itemEnd(tokens, i, false);
      i = end > i ? end : i + 1;
    }
    return surface;
  };
  return { module: walk(module, 0, tokens.length), implAttributeLines };
}

/** Lines that lie wholly inside a macro call's delimited body (`name! { … }`), where syn parses no item. */
export function macroBodyLines(
  text: string,
  tokens: RustTokens = tokenize(text),
  lineOf: (offset: number) => number = lineAt(text),
): Set<number> {
  const out = new Set<number>();
  const { kinds, starts } = tokens;
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (kinds[i] !== ID || !tokens.is(i + 1, '!') || tokens.is(i, 'macro_rules')) continue;
    if (!tokens.is(i + 2, '{') && !tokens.is(i + 2, '(') && !tokens.is(i + 2, '[')) continue;
    const from = lineOf(starts[i + 2]!) + 1;
    const to = lineOf(starts[closing(tokens, i + 2)]!) - 1;
    for (let l = from; l <= to; l++) out.add(l);
    // Calls nested in this body add nothing new; the outer range already holds them.
    i = closing(tokens, i + 2);
  }
  return out;
}

/**
 * A file's surface and macro-body lines from one lexing (`tokens`: the
 * scan's, when it lexed the file) and one line index; `macroBodies` false
 * leaves the macro-body lines unread (a file that cites nothing).
 */
// @implements vibevm#ITEMS-LEXED-ONCE
// @implements vibevm#MACRO-BODIES-ONLY-WHERE-CITED
export function rustItems(
  text: string,
  module: string,
  tokens: RustTokens = tokenize(text),
  macroBodies = true,
): RustItems {
  const at = tokens.lines();
  const lineOf = (offset: number) => at(offset).line;
  const { module: surface, implAttributeLines } = rustSurface(text, module, tokens, lineOf);
  return {
    surface,
    implAttributeLines,
    macroBodyLines: macroBodies ? macroBodyLines(text, tokens, lineOf) : undefined,
  };
}

/** The items of a Rust file no crate gates: its macro-body lines, no surface. */
export function macroItems(text: string, tokens?: RustTokens): RustItems {
  // The scan's line index when it lexed the file (it numbered the file's citations with it): not built twice.
  const at = tokens?.lines();
  return {
    surface: { symbol: '', items: [], modules: [] },
    implAttributeLines: new Set(),
    macroBodyLines: macroBodyLines(text, tokens, at && ((offset) => at(offset).line)),
  };
}

/**
 * What the vibevm gates keep of a Rust file the scan read (`module`: its
 * vibevm module path when a crate gates it, else undefined): a gated file's
 * items, a file no crate gates its macro-body lines where it cites (then the
 * scan lexed it already), else nothing. `tokens` lexes at most once; the
 * same on whichever thread scanned the file.
 */
// @implements vibevm#ITEMS-LEXED-ONCE
export function heardItems(
  text: string,
  module: string | undefined,
  tokens: () => RustTokens,
  cites: boolean,
): RustItems | undefined {
  // Macro-body lines are asked only about a citation's line: a file that cites nothing is not searched for them.
  if (module !== undefined) return rustItems(text, module, tokens(), cites);
  return cites ? macroItems(text, tokens()) : undefined;
}
