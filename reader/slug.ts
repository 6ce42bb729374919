/**
 * Section slugs, apart from reader/text.ts (which needs node:crypto for the
 * digest): the report page's script renders spec markup in the browser and
 * names its sections with this same function.
 */

/** GitHub-style heading slug, used when a heading has no `{#anchor}`. */
export function slugOf(title: string): string {
  // An ASCII title's letters and digits are A-Z, a-z and 0-9: the Unicode classes are not needed to drop the rest.
  return title
    .toLowerCase()
    .replace(NON_ASCII.test(title) ? NOT_SLUG : NOT_ASCII_SLUG, '')
    .trim()
    .replace(/\s+/g, '-');
}

const NON_ASCII = /[^\x00-\x7f]/;
const NOT_SLUG = /[^\p{L}\p{N}\s_-]/gu;
const NOT_ASCII_SLUG = /[^a-z0-9\s_-]/g;

/** A heading's trailing `{#…}`, valid or not (the reader reports an invalid one). */
const WRITTEN_ANCHOR = /\s*\{#([^}\s]*)\}\s*$/;

/** What an explicit anchor's id may be: a letter, then letters, digits, `_` or `-`. */
export const VALID_ANCHOR_ID = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** A heading's name as the reader takes it from its source text between the markers. */
export interface HeadingName {
  /** The text before any `{#…}`, white space collapsed. */
  title: string;
  /** The valid `{#id}`, else the slug of the title: the section's address. */
  anchor: string;
  /** The `{#…}` as written (valid or not) and where it starts in `raw`. */
  written?: { id: string; index: number };
}

/**
 * Names a section from the raw source of its heading's content. The reader
 * (reader/build.ts) and the report page (which renders the spec in the
 * browser and marks each heading with the section it opens) both call this
 * on the same slice of text, so a link to a section finds its heading
 * whatever inline markup the title holds.
 */
export function headingName(raw: string): HeadingName {
  const m = WRITTEN_ANCHOR.exec(raw);
  const title = (m ? raw.slice(0, m.index) : raw).replace(/\s+/g, ' ').trim();
  if (!m) return { title, anchor: slugOf(title) };
  const id = m[1]!;
  const written = { id, index: m.index + m[0].indexOf('{') };
  return { title, anchor: VALID_ANCHOR_ID.test(id) ? id : slugOf(title), written };
}
