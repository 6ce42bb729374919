/**
 * What a citation comment says about a fact: its summary line and its pin.
 * Typed spec values live in typed-values.ts. Pure string work.
 */

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
