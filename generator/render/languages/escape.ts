/**
 * The escaping primitives the language table is built from. Spec text that
 * lands in a comment is made inert (the comment's terminator is broken, a
 * line comment stays one line); in a string it is escaped so the string holds
 * exactly the spec's text; where neither is possible it is refused. Pure.
 */
import type { CiteData, Escaped } from './types.ts';

export const ok = (text: string): Escaped => ({ ok: true, text });
export const refuse = (why: string, fix: string): Escaped => ({ ok: false, why, fix });

const LINE_BREAKS = /\r\n|[\r\n\u0085\u2028\u2029]/g;

/** Text inside a line comment: every line break (U+2028/2029 end a JS line comment too) becomes a space. */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAKS, ' ');
}

/**
 * Control characters (all but tab and line feed), DEL, C1 and the byte-order
 * mark written as visible `\xNN`/`\uNNNN` text: Python and Go refuse a NUL
 * anywhere in a source file, Go a BOM past the start, Rust a bare CR in a doc
 * comment, YAML any non-printable character. In a comment they are prose.
 */
const INVISIBLE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\ufeff\ufffe\uffff]/g;
export function visibleControls(text: string): string {
  return text.replace(INVISIBLE, (c) => {
    const code = c.codePointAt(0)!;
    return code <= 0xff ? `\\x${hex2(code)}` : `\\u${hex4(code)}`;
  });
}

/** Spec text inside a line comment: one line, nothing invisible, no citation keyword. */
export const inertLineComment = (text: string) => inertTags(visibleControls(oneLine(text)));

/**
 * Text inside a C-style block comment: `*\/` can no longer close it and, for
 * a language whose block comments nest (Rust), `/\*` can no longer open one.
 * An edge character that could pair with the template's own text beside it
 * (`/*{{x}}` with x = "/…") is kept apart by a space.
 */
export function inertBlockComment(text: string, nests: boolean): string {
  let out = visibleControls(text.replace(/\r\n?/g, '\n')).replace(/\*\//g, '*\\/');
  if (nests) out = out.replace(/\/\*/g, '/\\*');
  if (/^[/*]/.test(out)) out = ` ${out}`;
  if (/[/*]$/.test(out)) out = `${out} `;
  return out;
}

/** Text inside an HTML comment (Markdown): `--` can neither close it nor stand in it. */
export function inertHtmlComment(text: string): string {
  let out = visibleControls(oneLine(text));
  while (out.includes('--')) out = out.replace(/--/g, '- -');
  if (/^[->]/.test(out)) out = ` ${out}`;
  if (/-$/.test(out)) out = `${out} `;
  return out;
}

const hex2 = (code: number) => code.toString(16).padStart(2, '0');
const hex4 = (code: number) => code.toString(16).padStart(4, '0');

/**
 * Escapes `\`, the characters in `quotes` and every control character with
 * the language's own sequences; `control` writes a code point the language
 * has no short escape for.
 */
export function escapeString(
  text: string,
  quotes: string,
  control: (code: number) => string,
  extra: Record<string, string> = {},
): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch in extra) out += extra[ch];
    else if (ch === '\\') out += '\\\\';
    else if (quotes.includes(ch)) out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (
      code < 0x20 ||
      (code >= 0x7f && code <= 0x9f) ||
      code === 0x2028 ||
      code === 0x2029 ||
      code === 0xfeff ||
      code === 0xfffe ||
      code === 0xffff
    )
      out += control(code);
    else out += ch;
  }
  return out;
}

export const jsControl = (code: number) => (code <= 0xff ? `\\x${hex2(code)}` : `\\u${hex4(code)}`);
export const rustControl = (code: number) => `\\u{${code.toString(16)}}`;
export const pythonControl = jsControl;
export const goControl = (code: number) => `\\u${hex4(code)}`;
export const jsonControl = (code: number) => `\\u${hex4(code)}`;

/**
 * A decimal number is the only spec text that may stand as code (`{{@index}}`):
 * a word would be read as a name or a keyword (`true`, `None`, `process`), so
 * it changes what the program means as surely as an expression does.
 */
export function isInertToken(text: string): boolean {
  return /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/.test(text);
}

export const CODE_FIX =
  'put it inside a string literal or a comment in the template, or ask for a typed literal with {{value "ID" type="TYPE"}}';

/** Spec text in a code context of a programming language: only an inert token passes. */
export function codeText(text: string, language: string): Escaped {
  return isInertToken(text)
    ? ok(text)
    : refuse(
        `spec text \`${oneLine(text).slice(0, 60)}\` would stand as ${language} code here, where it could change what the program does`,
        CODE_FIX,
      );
}

/** A raw string can hold text only when the text cannot end it and needs no escape. */
export function rawText(text: string, forbidden: RegExp, what: string): Escaped {
  return forbidden.test(text)
    ? refuse(
        `spec text holds ${what}, which a raw string here cannot carry`,
        'use an ordinary (escaping) string literal in the template',
      )
    : ok(text);
}

/**
 * Citation keywords inside spec text would be read by the gate as citations
 * of their own: in comments their `@` becomes the full-width `＠`.
 */
export function inertTags(text: string): string {
  return text.replace(/@(?=(?:implements|verifies|deviates|spec)\b)/gi, '\uff20');
}

/** `DOC#ID~PIN` as a citation writes it. */
export const citeRef = (c: CiteData, address = c.address) =>
  `${address}${c.pin === undefined ? '' : `~${c.pin}`}`;

/** `{{cite}}` as a line comment opened by `opener`. */
export const lineCite = (opener: string, c: CiteData) =>
  ok(`${opener} @implements ${citeRef(c)} — ${inertLineComment(c.summary)}`);
