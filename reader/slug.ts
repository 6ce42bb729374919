/**
 * Section slugs, apart from reader/text.ts (which needs node:crypto for the
 * digest): the report page's script renders spec markup in the browser and
 * names its sections with this same function.
 */

/** GitHub-style heading slug, used when a heading has no `{#anchor}`. */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}
