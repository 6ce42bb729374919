/**
 * Link labels as remark identifies them (micromark's normalizeIdentifier,
 * then lower case, as mdast-util-from-markdown stores `identifier`): runs of
 * whitespace one space, trimmed, case folded. Shared by the fast block and
 * inline readers, which must match references to definitions as remark does.
 */
// @implements reader#FAST-READER-INLINE
export function labelIdentifier(label: string): string {
  return label
    .replace(/[\t\n\r ]+/g, ' ')
    .replace(/^ | $/g, '')
    .toLowerCase()
    .toUpperCase()
    .toLowerCase();
}
