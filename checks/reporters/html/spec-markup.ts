/**
 * Spec Markdown → sanitized HTML fragment with every fact unit marked
 * (`data-fact="doc#ID"`), so the page can colour it from the embedded JSON.
 *
 * Safety does not rest on one layer: raw HTML in the spec is turned into
 * visible code text before conversion, remark-rehype drops anything raw that
 * is left, and rehype-sanitize (GitHub's schema, `javascript:` hrefs removed)
 * runs last over the whole fragment.
 *
 * The report page's script bundles this module and renders each document in
 * the browser (page/specs.ts); Node runs it for the tests that hold the
 * page's rendering against it. So it imports nothing of Node's: the bundle
 * for the browser fails to build if it ever does.
 */
import type { Element, ElementContent, Root as HastRoot, Text as HastText } from 'hast';
import type { Heading, Root as MdastRoot, Parent, PhrasingContent, RootContent } from 'mdast';
import rehypeSanitize, { defaultSchema, type Options as Schema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import { frontMatterEnd } from '../../../reader/front-matter.ts';
import { headingName, VALID_ANCHOR_ID } from '../../../reader/slug.ts';

/** Classes this module puts on tag tokens; the sanitizer allows only these. */
export const TAG_CLASSES = ['tag', 'tag-anchor', 'tag-status', 'tag-label', 'tag-requires', 'raw'] as const;

// A unit is a fact when its first token (after an optional [pNN] label or
// task box) is an anchor: `@fact:ID`, `@fact/code:ID` or legacy `##ID`.
const LEADING_ANCHOR =
  /^\s*(?:\[[ xX]\]\s*)?(?:\[[A-Za-z0-9]+\]\s*)?(?:@fact(?:\/[A-Za-z]+)?:|##)([A-Za-z][A-Za-z0-9_-]*)/;

// Tag tokens shown as muted badges instead of raw text.
const TAG_TOKEN =
  /(^|\s)(\[p\d+\](?=\s)|@fact(?:\/[A-Za-z]+)?:[A-Za-z][A-Za-z0-9_-]*|@status:[A-Za-z]+(?:\/[A-Za-z]+)?|@requires:[A-Za-z,]+|@(?:idea|spec|impl|test|doc|freeze|unknown)\/(?:plan|work|done|hold|void))(?=\s|$|[.,;:)])/g;

/** The `{#…}` ending a heading's last text, cut from what the page shows. */
const EXPLICIT_ANCHOR = /\s*\{#[^}\s]*\}\s*$/;

const STATUS_ELEMENT = /^<status\b([^>]*)\/>$/;
const STATUS_ATTR = /([a-z]+)="([^"]*)"/g;

/** `<status stage="impl" state="done"/>` → `@status:impl/done` (other attributes after it); null for other HTML. */
// @implements report#REPORT-STATUS-ELEMENT-BADGE
function statusBadgeText(html: string): string | null {
  const match = STATUS_ELEMENT.exec(html);
  if (!match) return null;
  const attrs = new Map([...(match[1] ?? '').matchAll(STATUS_ATTR)].map((m) => [m[1] ?? '', m[2] ?? '']));
  const stage = attrs.get('stage');
  if (!stage || !/^[a-z]+$/.test(stage)) return null;
  const state = attrs.get('state');
  const head = state && /^[a-z]+$/.test(state) ? `@status:${stage}/${state}` : `@status:${stage}`;
  const rest = [...attrs].filter(([k]) => k !== 'stage' && k !== 'state').map(([k, v]) => `${k}=${v}`);
  return [head, ...rest].join(' ');
}

/** Plain text of a node, inline code blanked so a code span never reads as an anchor. */
function leadingText(node: RootContent | PhrasingContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'inlineCode') return '\u0000';
  if ('children' in node)
    return (node.children as (RootContent | PhrasingContent)[]).map(leadingText).join('');
  return '';
}

function setHProperties(node: { data?: unknown }, properties: Record<string, string>): void {
  const data = (node.data ?? {}) as { hProperties?: Record<string, unknown> };
  data.hProperties = { ...data.hProperties, ...properties };
  node.data = data as never;
}

/** mdast pass: raw HTML becomes code text, facts and headings get data attributes. */
function markUnits(tree: MdastRoot, text: string, doc: string, ids: ReadonlySet<string>): void {
  visit(tree, (node, index, parent) => {
    if (node.type === 'html' && parent && index !== undefined) {
      const value = node.value.trim();
      if (value.startsWith('<!--')) {
        parent.children.splice(index, 1);
        return [SKIP, index];
      }
      const status = statusBadgeText(value);
      if (status) {
        // A `<status …/>` element is markup the reader understands: show it as a status badge.
        const text = { type: 'text' as const, value: status };
        const block = parent.type === 'root' || parent.type === 'blockquote' || parent.type === 'listItem';
        (parent as Parent).children[index] = (
          block ? { type: 'paragraph', children: [text] } : text
        ) as never;
        return SKIP;
      }
      const phrasing = parent.type !== 'root' && parent.type !== 'blockquote' && parent.type !== 'listItem';
      const replacement = phrasing
        ? { type: 'inlineCode' as const, value: node.value, data: { hProperties: { className: ['raw'] } } }
        : { type: 'code' as const, value: node.value, data: { hProperties: { className: ['raw'] } } };
      (parent as Parent).children[index] = replacement as never;
      return SKIP;
    }
    if ((node.type === 'image' || node.type === 'imageReference') && parent && index !== undefined) {
      // Images would fetch from the network; the report loads nothing, so the alt text stands in.
      parent.children[index] = {
        type: 'text',
        value: node.alt ? `[image: ${node.alt}]` : '[image]',
      } as never;
      return SKIP;
    }
    if (node.type === 'heading') {
      const heading = node as Heading;
      const first = heading.children[0];
      const last = heading.children[heading.children.length - 1];
      // The section a heading opens is named from its source, as the reader names it, not from the
      // rendered text: a title with a code span, link or entity keeps the address the gate gives it.
      const raw =
        first?.position && last?.position
          ? text.slice(first.position.start.offset, last.position.end.offset)
          : '';
      const name = headingName(raw);
      if (last?.type === 'text' && name.written) {
        const shown = EXPLICIT_ANCHOR.exec(last.value);
        if (shown) last.value = last.value.slice(0, shown.index);
      }
      const explicit = name.written && VALID_ANCHOR_ID.test(name.written.id) ? name.anchor : undefined;
      setHProperties(heading, {
        // @implements report#REPORT-SECTION-NAMED-AS-READ
        dataSection: name.anchor,
        // @implements report#REPORT-HEADING-EVIDENCE
        ...(explicit !== undefined && ids.has(explicit) ? { dataFact: `${doc}#${explicit}` } : {}),
      });
      return;
    }
    if (node.type === 'paragraph' || node.type === 'tableCell') {
      const match = LEADING_ANCHOR.exec(leadingText(node));
      const id = match?.[1];
      if (!id || !ids.has(id)) return;
      // A list item's unit is the item itself: mark the <li>, not its first paragraph.
      const target = parent?.type === 'listItem' && parent.children[0] === node ? parent : node;
      setHProperties(target, { dataFact: `${doc}#${id}` });
    }
  });
}

function tagSpan(kind: string, value: string): Element {
  return {
    type: 'element',
    tagName: 'span',
    properties: { className: ['tag', kind] },
    children: [{ type: 'text', value }],
  };
}

function tagKind(token: string): string {
  if (token.startsWith('[')) return 'tag-label';
  if (token.startsWith('@fact')) return 'tag-anchor';
  if (token.startsWith('@requires')) return 'tag-requires';
  return 'tag-status';
}

/** hast pass: split tag tokens out of text into badges (never inside code). */
function badgeTags(tree: HastRoot): void {
  visit(tree, 'element', (element: Element) => {
    if (element.tagName === 'code' || element.tagName === 'pre') return SKIP;
    if (
      element.tagName === 'span' &&
      (element.properties.className as string[] | undefined)?.includes('tag')
    ) {
      return SKIP;
    }
    const next: ElementContent[] = [];
    let changed = false;
    for (const child of element.children) {
      if (child.type !== 'text') {
        next.push(child);
        continue;
      }
      const text = (child as HastText).value;
      let last = 0;
      for (const match of text.matchAll(TAG_TOKEN)) {
        const start = (match.index ?? 0) + (match[1]?.length ?? 0);
        const token = match[2] ?? '';
        if (start > last) next.push({ type: 'text', value: text.slice(last, start) });
        next.push(tagSpan(tagKind(token), token));
        last = start + token.length;
        changed = true;
      }
      if (last < text.length) next.push({ type: 'text', value: text.slice(last) });
    }
    if (changed) element.children = next;
    return undefined;
  });
}

const schema: Schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    p: [...(defaultSchema.attributes?.p ?? []), 'dataFact'],
    li: [...(defaultSchema.attributes?.li ?? []), 'dataFact'],
    td: [...(defaultSchema.attributes?.td ?? []), 'dataFact'],
    th: [...(defaultSchema.attributes?.th ?? []), 'dataFact'],
    // A cited heading is a unit on the page too (report#REPORT-HEADING-EVIDENCE).
    h1: ['dataSection', 'dataFact'],
    h2: [...(defaultSchema.attributes?.h2 ?? []), 'dataSection', 'dataFact'],
    h3: ['dataSection', 'dataFact'],
    h4: ['dataSection', 'dataFact'],
    h5: ['dataSection', 'dataFact'],
    h6: ['dataSection', 'dataFact'],
    span: [['className', ...TAG_CLASSES]],
    code: [['className', /^language-./, 'raw']],
  },
  // Belt and braces: images were already replaced by their alt text.
  tagNames: (defaultSchema.tagNames ?? []).filter((name) => name !== 'img'),
};

interface MarkData {
  doc: string;
  ids: ReadonlySet<string>;
  /** The YAML front matter's lines between its fences, when the spec opens with one. */
  frontMatter?: string;
}

// Built once: constructing the pipeline (micromark and GFM extensions) costs
// more than rendering a typical spec, so per-document values travel in the
// file's data instead.
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(() => (tree: MdastRoot, file) => {
    const data = file.data as unknown as MarkData;
    markUnits(tree, String(file.value), data.doc, data.ids);
    if (data.frontMatter !== undefined)
      tree.children.unshift({ type: 'code', lang: 'yaml', value: data.frontMatter });
  })
  .use(remarkRehype)
  .use(() => (tree: HastRoot) => badgeTags(tree))
  .use(rehypeSanitize, schema)
  .use(rehypeStringify)
  .freeze();

/**
 * Renders one spec document. `ids` are the fact ids the trace knows for
 * this document; only those units are marked.
 */
// @implements report#REPORT-FACTS-MARKED-BY-STATE
// @implements report#REPORT-SPEC-TEXT-CANNOT-RUN-SCRIPT
export function renderSpecMarkup(text: string, doc: string, ids: ReadonlySet<string>): string {
  // Front matter is not Markdown: read as such, its fences become a rule and a setext heading holding the
  // whole block. The reader blanks it (same offsets); the page does the same and shows it as YAML code.
  // @implements report#REPORT-FRONT-MATTER-AS-CODE
  const end = text.charCodeAt(0) === 0xfeff ? 0 : frontMatterEnd(text);
  const value = end === 0 ? text : text.slice(0, end).replace(/[^\n]/g, ' ') + text.slice(end);
  const frontMatter = end === 0 ? undefined : text.slice(0, end).split(/\r?\n/).slice(1, -1).join('\n');
  // A raw CR would come back as LF from any HTML parser (its input is normalised before tokenising), so a
  // `data-fact` address whose document name holds one would no longer name its fact: write it as a reference.
  return String(processor.processSync({ value, data: { doc, ids, frontMatter } })).replace(/\r/g, '&#13;');
}
