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
import { closing, type Token, tokenize } from './rust.ts';
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
  /** Lines wholly inside a macro call's body. */
  macroBodyLines: Set<number>;
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
function itemEnd(tokens: Token[], i: number, braceEnds = true): number {
  let depth = 0;
  for (let j = i; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (t.kind !== 'punct') continue;
    if (t.text === '(' || t.text === '[') depth++;
    else if (t.text === ')' || t.text === ']') depth--;
    else if (depth === 0 && t.text === ';') return j + 1;
    else if (depth === 0 && t.text === '{') {
      const close = closing(tokens, j);
      if (braceEnds) return close + 1;
      j = close;
    }
  }
  return tokens.length;
}

/** Whether an attribute `#[cfg(…)]` (tokens open..close of its brackets) names `test` anywhere, as syn's ratchet check reads it. */
function cfgNamesTest(tokens: Token[], open: number, close: number): boolean {
  if (tokens[open + 1]?.text !== 'cfg' || tokens[open + 2]?.text !== '(') return false;
  for (let j = open + 3; j < close; j++) if (tokens[j]!.text.includes('test')) return true;
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
  tokens: Token[] = tokenize(text),
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
      while (tokens[i]?.text === '#' && i < to) {
        const open = tokens[i + 1]?.text === '!' ? i + 2 : i + 1;
        if (tokens[open]?.text !== '[') break;
        const close = closing(tokens, open);
        if (cfgNamesTest(tokens, open, close)) cfgTest = true;
        i = close + 1;
      }
      if (i >= to) break;
      let isPub = false;
      if (tokens[i]!.text === 'pub') {
        if (tokens[i + 1]?.text === '(') i = closing(tokens, i + 1) + 1;
        else {
          isPub = true;
          i++;
        }
      }
      while (tokens[i] && QUALIFIERS.has(tokens[i]!.text) && tokens[i + 1]?.text !== '!') {
        i++;
        if (tokens[i]?.kind === 'str') i++; // extern "C"
      }
      const t = tokens[i];
      if (t === undefined) break;
      const keyword = t.text;
      const line = lineOf(tokens[first]!.start);
      if (t.kind === 'id' && tokens[i + 1]?.text === '!') {
        // A macro call or macro_rules! at item level: its body is tokens, not items.
        let j = i + 2;
        if (tokens[j]?.kind === 'id') j++;
        const open = tokens[j];
        if (open?.text === '{' || open?.text === '(' || open?.text === '[') {
          j = closing(tokens, j) + 1;
          if (open.text !== '{' && tokens[j]?.text === ';') j++;
        }
        i = Math.max(j, i + 1);
        continue;
      }
      if (keyword === 'mod' && tokens[i + 1]?.kind === 'id') {
        const name = tokens[i + 1]!.text;
        if (tokens[i + 2]?.text === '{') {
          const close = closing(tokens, i + 2);
          if (isPub && !cfgTest) surface.modules.push(walk(`${symbol}::${name}`, i + 3, close));
          i = close + 1;
        } else i = itemEnd(tokens, i + 2);
        continue;
      }
      if (keyword === 'impl') {
        if (tokens[first]!.text === '#')
          for (let l = line; l <= lineOf(t.start); l++) implAttributeLines.add(l);
        i = itemEnd(tokens, i + 1);
        continue;
      }
      if (COUNTED.has(keyword) && tokens[i + 1]?.kind === 'id') {
        if (isPub)
          surface.items.push({
            symbol: `${symbol}::${tokens[i + 1]!.text}`,
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
  tokens: Token[] = tokenize(text),
  lineOf: (offset: number) => number = lineAt(text),
): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i + 2 < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'id' || tokens[i + 1]!.text !== '!' || t.text === 'macro_rules') continue;
    const open = tokens[i + 2]!;
    if (open.text !== '{' && open.text !== '(' && open.text !== '[') continue;
    const close = tokens[closing(tokens, i + 2)]!;
    const from = lineOf(open.start) + 1;
    const to = lineOf(close.start) - 1;
    for (let l = from; l <= to; l++) out.add(l);
    // Calls nested in this body add nothing new; the outer range already holds them.
    i = closing(tokens, i + 2);
  }
  return out;
}

/** A file's surface and macro-body lines from one lexing (`tokens`: the scan's, when it lexed the file) and one line index. */
// @implements vibevm#ITEMS-LEXED-ONCE
export function rustItems(text: string, module: string, tokens: Token[] = tokenize(text)): RustItems {
  const lineOf = lineAt(text);
  const { module: surface, implAttributeLines } = rustSurface(text, module, tokens, lineOf);
  return { surface, implAttributeLines, macroBodyLines: macroBodyLines(text, tokens, lineOf) };
}
