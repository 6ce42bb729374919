/**
 * Citations in languages other than TS/JS, by comment syntax per extension.
 * A small lexer skips string literals so a tag inside a string never counts;
 * the symbol is the next declaration line after the comment (fn, func, def…).
 */

import { inCommentedOutCode, mayHoldCitations, parseCitations } from './refs.ts';
import { type PythonRuns, pythonTestRuns } from './test-runs-python.ts';
import { lineIndex, placed, type ScannedCitation } from './types.ts';

/**
 * `slash`: C-like languages (Go raw strings, char literals); `zig` adds `\\`
 * multiline string lines; `rust` nests block comments. `hash`: Python and R
 * (triple quotes, raw ones too); `toml` (basic strings escape, literal
 * strings do not); `perl` adds POD blocks, read as comments; `shell` and
 * `ruby` add heredoc bodies (and Ruby `=begin`/`=end` blocks and `%q()`-style
 * literals); `yaml` knows block scalars (`key: |`) and quoted scalars, whose
 * `#` is text; `handlebars` reads the code a template emits as JavaScript.
 */
export type CommentStyle =
  | 'slash'
  | 'zig'
  | 'rust'
  | 'hash'
  | 'toml'
  | 'perl'
  | 'shell'
  | 'ruby'
  | 'yaml'
  | 'handlebars';

type SlashDialect = 'slash' | 'zig' | 'rust' | 'js';

interface Span {
  start: number;
  text: string;
}

/**
 * `//` and `/* *\/` comments; skips "…", '…' (char literals), `…` (Go raw) and
 * r#"…"# (Rust raw). Per dialect: Rust block comments nest; a Zig `\\` line
 * is a multiline string's line; JavaScript (the code a Handlebars template
 * emits) has '…' and `…` strings with escapes.
 */
// @implements real-code#OTHER-LANGUAGE-STRINGS
function slashComments(text: string, dialect: SlashDialect = 'slash'): Span[] {
  const spans: Span[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      spans.push({ start: i, text: text.slice(i, stop) });
      i = stop;
    } else if (c === '/' && text[i + 1] === '*') {
      const stop = dialect === 'rust' ? nestedCommentEnd(text, i) : blockCommentEnd(text, i);
      spans.push({ start: i, text: text.slice(i, stop) });
      i = stop;
    } else if (dialect === 'zig' && c === '\\' && text[i + 1] === '\\') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? n : end;
    } else if (dialect === 'js' && (c === "'" || c === '`' || c === '"')) {
      i = skipQuoted(text, i, c, true);
    } else if (
      c === 'r' &&
      (text[i + 1] === '"' || (text[i + 1] === '#' && /^#+"/.test(text.slice(i + 1, i + 10)))) &&
      !/[A-Za-z0-9_]/.test(text[i - 1] ?? ' ')
    ) {
      const hashes = /^#*/.exec(text.slice(i + 1))![0];
      const close = `"${hashes}`;
      const end = text.indexOf(close, i + 2 + hashes.length);
      i = end === -1 ? n : end + close.length;
    } else if (c === '"' || c === '`') {
      i = skipQuoted(text, i, c, c === '"');
    } else if (c === "'") {
      // A char literal closes within a few characters; otherwise it is a
      // Rust lifetime or label (`'a`) and not a string at all.
      const m = /^'(?:\\.[^']{0,8}|[^'\\\n])'/.exec(text.slice(i, i + 12));
      i += m ? m[0].length : 1;
    } else {
      i++;
    }
  }
  return spans;
}

function blockCommentEnd(text: string, start: number): number {
  const end = text.indexOf('*/', start + 2);
  return end === -1 ? text.length : end + 2;
}

/** Where a Rust block comment from `start` ends: block comments nest (`/* /* *\/ *\/`). */
// @implements real-code#RUST-NESTED-COMMENTS
export function nestedCommentEnd(text: string, start: number): number {
  let depth = 1;
  let i = start + 2;
  while (i < text.length && depth > 0) {
    if (text[i] === '/' && text[i + 1] === '*') {
      depth++;
      i += 2;
    } else if (text[i] === '*' && text[i + 1] === '/') {
      depth--;
      i += 2;
    } else i++;
  }
  return i;
}

/** Where a string opened by three quotes at `start` ends; a backslash escapes (raw strings too) unless `escapes` is false. */
function skipTriple(text: string, start: number, quote: string, escapes: boolean): number {
  const close = quote.repeat(3);
  let i = start + 3;
  while (i < text.length) {
    if (escapes && text[i] === '\\') i += 2;
    else if (text.startsWith(close, i)) return i + 3;
    else i++;
  }
  return text.length;
}

/** Ruby's bracket delimiters, which nest; any other delimiter closes with itself. */
const RUBY_PAIRS: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };
/** `%q(…)`, `%Q{…}`, `%w[…]`, `%i<…>`, `%r{…}`, `%x(…)`, `%s(…)`, `%(…)`. */
const RUBY_PERCENT = /%[qQwWiIrxs]?([^\w\s=])/y;

/** Where a Ruby percent literal at `start` ends, when one starts there (not `a % b` or `a%b`). */
function rubyPercentEnd(text: string, start: number): number | undefined {
  const before = text[start - 1];
  if (before !== undefined && !/[\s(,=[{|&!?:;+\-*<>~]/.test(before)) return undefined;
  RUBY_PERCENT.lastIndex = start;
  const m = RUBY_PERCENT.exec(text);
  if (!m) return undefined;
  const open = m[1]!;
  const close = RUBY_PAIRS[open] ?? open;
  let depth = 1;
  let i = start + m[0].length;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') i += 2;
    else if (c === close && --depth === 0) return i + 1;
    else {
      if (c === open && close !== open) depth++;
      i++;
    }
  }
  return text.length;
}

/** A Perl POD block: from a line starting `=word` to the line `=cut` (or the file's end). */
// @implements real-code#PERL-POD
function podEnd(text: string, start: number): number {
  const cut = /^=cut\b.*$/gm;
  cut.lastIndex = start;
  const m = cut.exec(text);
  return m ? m.index + m[0].length : text.length;
}

function skipQuoted(text: string, start: number, quote: string, escapes: boolean): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (escapes && c === '\\') i += 2;
    else if (c === quote) return i + 1;
    else if (quote === '"' && c === '\n' && !escapes) return i;
    else i++;
  }
  return i;
}

/** `<<WORD`, `<<-WORD`, `<< 'WORD'` (shell) and `<<~WORD` (Ruby); not `<<<`, a here-string. */
const HEREDOC = /<<([-~]?)[ \t]*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\2/y;

/** Where the body of a heredoc opened on the line ending at `newline` ends (after its terminator line). */
function skipHeredoc(text: string, newline: number, word: string, indented: boolean): number {
  let pos = newline + 1;
  while (pos < text.length) {
    const end = text.indexOf('\n', pos);
    const stop = end === -1 ? text.length : end;
    const line = text.slice(pos, stop).replace(/\r$/, '');
    if ((indented ? line.trimStart() : line) === word) return stop;
    pos = stop + 1;
  }
  return text.length;
}

/** `#` comments; skips quoted strings, and per style triple quotes, heredoc bodies or `=begin` blocks. */
// @implements trust#SCAN-COMMENTS-BY-LANGUAGE-RULES
// @implements real-code#OTHER-LANGUAGE-STRINGS
function hashComments(text: string, style: 'hash' | 'toml' | 'perl' | 'shell' | 'ruby'): Span[] {
  const spans: Span[] = [];
  const n = text.length;
  const heredocs: { word: string; indented: boolean }[] = [];
  let i = 0;
  while (i < n) {
    const c = text[i]!;
    if (c === '#') {
      const prevChar = text[i - 1];
      // In shell `$#` and `a#b` are not comments; a comment starts a word.
      if (i === 0 || prevChar === undefined || /\s|;|\(/.test(prevChar)) {
        const end = text.indexOf('\n', i);
        const stop = end === -1 ? n : end;
        spans.push({ start: i, text: text.slice(i, stop) });
        i = stop;
      } else {
        i++;
      }
    } else if (c === '\n' && heredocs.length > 0) {
      // The bodies of every heredoc opened on this line follow it, in order: text, not code.
      let at = i;
      for (const h of heredocs.splice(0)) at = skipHeredoc(text, at, h.word, h.indented);
      i = at;
    } else if (
      c === '<' &&
      (style === 'shell' || style === 'ruby') &&
      text[i + 1] === '<' &&
      text[i + 2] !== '<' &&
      text[i - 1] !== '<'
    ) {
      HEREDOC.lastIndex = i;
      const m = HEREDOC.exec(text);
      if (m) {
        heredocs.push({ word: m[3]!, indented: m[1] !== '' });
        i += m[0].length;
      } else i += 2;
    } else if (
      style === 'ruby' &&
      c === '=' &&
      text.startsWith('=begin', i) &&
      (i === 0 || text[i - 1] === '\n')
    ) {
      const close = text.indexOf('\n=end', i);
      const stop = close === -1 ? n : close + 5;
      spans.push({ start: i, text: text.slice(i, stop) });
      i = stop;
    } else if (
      style === 'perl' &&
      c === '=' &&
      /[A-Za-z]/.test(text[i + 1] ?? '') &&
      (i === 0 || text[i - 1] === '\n')
    ) {
      const stop = podEnd(text, i);
      spans.push({ start: i, text: text.slice(i, stop) });
      i = stop;
    } else if (style === 'ruby' && c === '%') {
      i = rubyPercentEnd(text, i) ?? i + 1;
    } else if (
      (style === 'hash' || style === 'toml') &&
      (c === '"' || c === "'") &&
      text.startsWith(c.repeat(3), i)
    ) {
      // Python's raw strings too: a backslash keeps a quote from closing them. A TOML literal string (single quotes) has no escapes.
      i = skipTriple(text, i, c, !(style === 'toml' && c === "'"));
    } else if (c === '"' || c === "'") {
      // Single quotes escape nothing in shell (but `$'…'` does) and in TOML.
      const escapes = c === '"' || (style === 'shell' ? text[i - 1] === '$' : style !== 'toml');
      i = skipQuoted(text, i, c, escapes);
    } else {
      i++;
    }
  }
  return spans;
}

/** A value that opens a block scalar: `|` or `>` with optional chomping and indentation indicators. */
const BLOCK_SCALAR = /(?:^|[\s:-])(?:![^\s]*\s+)?[|>][+-]?[1-9]?[+-]?$/;

/**
 * YAML comments: `#` at a line start or after white space, outside quoted
 * scalars; lines of a block scalar (indented deeper than the line that
 * opened it with `|` or `>`) are text, whatever they hold.
 */
// @implements trust#SCAN-COMMENTS-BY-LANGUAGE-RULES
function yamlComments(text: string): Span[] {
  const spans: Span[] = [];
  let blockIndent: number | undefined;
  for (let pos = 0; pos < text.length; ) {
    const end = text.indexOf('\n', pos);
    const stop = end === -1 ? text.length : end;
    let indent = 0;
    while (text[pos + indent] === ' ') indent++;
    const blank = pos + indent >= stop || /^\s*$/.test(text.slice(pos + indent, stop));
    if (blockIndent !== undefined && (blank || indent > blockIndent)) {
      pos = stop + 1;
      continue;
    }
    blockIndent = undefined;
    let quote: string | undefined;
    let comment = -1;
    for (let j = pos + indent; j < stop; j++) {
      const ch = text[j]!;
      if (quote === '"') {
        if (ch === '\\') j++;
        else if (ch === '"') quote = undefined;
      } else if (quote === "'") {
        if (ch === "'" && text[j + 1] === "'") j++;
        else if (ch === "'") quote = undefined;
      } else if (ch === '"' || ch === "'") {
        // Only a scalar that starts with a quote is quoted; `it's` is plain text.
        const before = text.slice(pos, j).trimEnd();
        if (before === '' || /[:\-[{,?]$/.test(before)) quote = ch;
      } else if (ch === '#' && (j === pos || text[j - 1] === ' ' || text[j - 1] === '\t')) {
        comment = j;
        break;
      }
    }
    if (comment !== -1) spans.push({ start: comment, text: text.slice(comment, stop) });
    const value = text.slice(pos, comment === -1 ? stop : comment).trimEnd();
    if (quote === undefined && BLOCK_SCALAR.test(value)) blockIndent = indent;
    pos = stop + 1;
  }
  return spans;
}

/** Handlebars `{{!-- --}}` / `{{! }}` comments, and `//` or `/* *\/` comments of the emitted code. */
function handlebarsComments(text: string): Span[] {
  const spans: Span[] = [];
  const re = /\{\{!--[\s\S]*?--\}\}|\{\{![\s\S]*?\}\}/g;
  let last = 0;
  let outside = '';
  const pieces: { start: number; text: string }[] = [];
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    spans.push({ start: m.index, text: m[0] });
    pieces.push({ start: last, text: text.slice(last, m.index) });
    last = m.index + m[0].length;
  }
  pieces.push({ start: last, text: text.slice(last) });
  for (const piece of pieces) {
    outside = piece.text;
    for (const s of slashComments(outside, 'js')) spans.push({ start: piece.start + s.start, text: s.text });
  }
  return spans.sort((a, b) => a.start - b.start);
}

const SLASH_STYLES = new Set<CommentStyle>(['slash', 'zig', 'rust', 'handlebars']);

const DECLARATION =
  /^\s*(?:(?:pub(?:\([^)]*\))?|export|async|unsafe|const|static|extern(?:\s+"[^"]*")?|default)\s+)*(fn|func|def|class|struct|enum|trait|impl|mod|type|interface|function)\b\s*(?:\([^)]*\)\s*)?([A-Za-z_][A-Za-z0-9_]*)?/;

/**
 * The declaration on the first code line after `offset`, when there is one;
 * `found.at` is set to the offset of the declaration's line (test-runs-python.ts judges it from there).
 */
function followingSymbol(
  text: string,
  offset: number,
  style: CommentStyle,
  found: { at?: number } = {},
): string | undefined {
  const lineEnd = text.indexOf('\n', offset);
  if (lineEnd === -1) return undefined;
  let pos = lineEnd + 1;
  // Python decorators (`@pytest.mark.parametrize(…)`, over several lines too) stand between a comment and its def.
  let decorator = 0;
  while (pos < text.length) {
    const end = text.indexOf('\n', pos);
    const line = text.slice(pos, end === -1 ? text.length : end);
    const trimmed = line.trim();
    if (style === 'hash' && (decorator > 0 || trimmed.startsWith('@'))) {
      for (const ch of trimmed) decorator += ch === '(' || ch === '[' ? 1 : ch === ')' || ch === ']' ? -1 : 0;
      decorator = Math.max(decorator, 0);
      if (end === -1) return undefined;
      pos = end + 1;
      continue;
    }
    const isComment =
      trimmed === '' ||
      (!SLASH_STYLES.has(style)
        ? trimmed.startsWith('#')
        : trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*'));
    if (!isComment) {
      const m = DECLARATION.exec(line);
      if (!m) return undefined;
      found.at = pos;
      const keyword = m[1] === 'func' || m[1] === 'def' || m[1] === 'fn' ? 'function' : m[1]!;
      return m[2] ? `${keyword} ${m[2]}` : keyword;
    }
    if (end === -1) return undefined;
    pos = end + 1;
  }
  return undefined;
}

// @implements factline#GATE-SCAN-OTHER-LANGUAGES
export function scanComments(text: string, style: CommentStyle): ScannedCitation[] {
  if (!mayHoldCitations(text)) return [];
  const spans =
    style === 'slash' || style === 'zig' || style === 'rust'
      ? slashComments(text, style)
      : style === 'handlebars'
        ? handlebarsComments(text)
        : style === 'yaml'
          ? yamlComments(text)
          : hashComments(text, style);
  const at = lineIndex(text);
  const out: ScannedCitation[] = [];
  let pythonRuns: PythonRuns | undefined;
  for (const span of spans) {
    if (!span.text.includes('@')) continue;
    for (const raw of parseCitations(span.text, span.start)) {
      const cite = placed(raw, at);
      const decorators: { at?: number } = {};
      const symbol = inCommentedOutCode(span.text, raw.offset - span.start)
        ? undefined
        : followingSymbol(text, raw.offset, style, decorators);
      if (symbol) cite.symbol = symbol;
      // Python's test_* functions (and Test* classes) are test code wherever they stand.
      if (style === 'hash' && symbol && /^(?:function test_|class Test)/.test(symbol)) cite.inTest = true;
      // Whether a test function or class runs, as pytest and unittest decide (test-runs-python.ts).
      // @implements green#STATIC-SKIP-VERIFIES-NOTHING
      if (
        style === 'hash' &&
        symbol &&
        /^(?:function test_|class )/.test(symbol) &&
        decorators.at !== undefined
      ) {
        pythonRuns ??= pythonTestRuns(text);
        const notRun = pythonRuns(decorators.at);
        if (notRun !== undefined) cite.notRun = notRun;
      }
      out.push(cite);
    }
  }
  return out;
}
