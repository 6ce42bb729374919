/**
 * Values a template can take out of a fact: its summary line, its inline-code
 * spans and its integer tokens. Pure string work over the fact's text.
 */

const CODE_SPAN = /(`+)[\s\S]*?\1/g;

/** The fact text with every inline code span blanked, so values inside code never count as prose. */
export function withoutCode(text: string): string {
  return text.replace(CODE_SPAN, ' ');
}

/**
 * Whole integer tokens outside inline code, sign included: `(-32700)` gives
 * -32700, while `2.0`, `PROP-027`, `r1` and `2024-11-05` give nothing. Tokens
 * are maximal runs of word characters, dots, signs; a sentence's final dot is
 * not part of its last token.
 */
export function integerTokens(text: string): number[] {
  const out: number[] = [];
  for (const raw of withoutCode(text).split(/[^A-Za-z0-9_.+-]+/)) {
    const token = raw.replace(/\.+$/, '');
    // Number() also normalises `+1` and `007`, which would not be valid TS literals as written.
    if (/^[-+]?\d+$/.test(token)) out.push(Number(token));
  }
  return out;
}

const MAX_SUMMARY = 100;

/**
 * The first sentence (or first line) of a fact, at most 100 characters, safe
 * inside a `//` comment: U+2028/2029 would end a JS line comment early.
 */
export function summary(text: string): string {
  const firstLine = (text.split('\n')[0] ?? '').replace(/[\u2028\u2029\s]+/g, ' ').trim();
  const sentenceEnd = /[.!?](?=\s|$)/.exec(firstLine);
  const sentence = sentenceEnd ? firstLine.slice(0, sentenceEnd.index + 1) : firstLine;
  if (sentence.length <= MAX_SUMMARY) return sentence;
  const cut = sentence.slice(0, MAX_SUMMARY - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_SUMMARY / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** First 8 hex digits of a fact's digest: the pin a citation carries. */
export function pinOf(digest: string): string {
  return digest.slice(0, 8);
}
