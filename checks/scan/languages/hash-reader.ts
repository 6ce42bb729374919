/**
 * The reader shell, Ruby and Perl share: `#` comments at a word's start,
 * quoted strings, and per language heredoc bodies (shell, Ruby), Ruby's
 * `=begin` blocks and percent literals, and Perl's POD blocks. It reads
 * characters, not these languages' whole grammars (command substitutions,
 * regular expressions, Perl's quote-like operators), which is why the docs
 * do not list them as supported.
 */
import type { Span } from './grammar.ts';

export type HashStyle = 'perl' | 'shell' | 'ruby';

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
// @implements scanner#PERL-POD
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

/** `#` comments; skips quoted strings, and per style heredoc bodies, `=begin` blocks or POD. */
// @implements scanner#SCAN-COMMENTS-BY-LANGUAGE-RULES
// @implements scanner#OTHER-LANGUAGE-STRINGS
export function hashComments(text: string, style: HashStyle): Span[] {
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
    } else if (c === '"' || c === "'") {
      // Single quotes escape nothing in shell (but `$'…'` does).
      const escapes = c === '"' || style !== 'shell' || text[i - 1] === '$';
      i = skipQuoted(text, i, c, escapes);
    } else {
      i++;
    }
  }
  return spans;
}
