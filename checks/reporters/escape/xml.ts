/**
 * Text in XML (JUnit reports), in an attribute or element: markup characters
 * as entities, and the characters XML 1.0 cannot carry at all (C0 controls
 * but tab and line ends, U+FFFE, U+FFFF, lone surrogates), which no entity can
 * write either, shown as `\u{…}` so the report still parses. Pure.
 */

// @implements cli#WRITER-ESCAPES-PER-CONTEXT
export function xmlText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      (c) => `\\u{${c.charCodeAt(0).toString(16)}}`,
    );
}
