/**
 * A fact's Markdown text → the XHTML of a ReqIF XHTML value: one
 * `<xhtml:div>` holding the text with its emphasis, code, links and line
 * breaks, using only elements the ReqIF schema's XHTML modules allow. Pure.
 */
import type { Nodes, Root } from 'mdast';
import { parseMarkdown } from '../../reader/markdown.ts';

/** Characters XML 1.0 cannot carry, whatever the escaping. */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string)
    .replace(/\n/g, '&#10;');
}

/** Element content: a line break stays a line break. */
function escapeText(text: string): string {
  return escapeXml(text).replace(/&#10;/g, '\n');
}

/**
 * The reader collapses a fact's whitespace, so a hard break (`\` at a line's
 * end) reads as `\ `: it is turned back into one before parsing.
 */
function restoreHardBreaks(text: string): string {
  return text.replace(/(^|[^\\])((?:\\\\)*)\\ /g, '$1$2\\\n');
}

function inline(node: Nodes, x: string): string {
  const kids = () => ('children' in node ? (node.children as Nodes[]).map((c) => inline(c, x)).join('') : '');
  switch (node.type) {
    case 'text':
      return escapeText(node.value);
    case 'inlineCode':
      return `<${x}:code>${escapeText(node.value)}</${x}:code>`;
    case 'emphasis':
      return `<${x}:em>${kids()}</${x}:em>`;
    case 'strong':
      return `<${x}:strong>${kids()}</${x}:strong>`;
    case 'delete':
      return `<${x}:del>${kids()}</${x}:del>`;
    case 'break':
      return `<${x}:br/>`;
    case 'link':
      return `<${x}:a href="${escapeXml(encodeURI(decodeURIComponentSafe(node.url)))}">${kids()}</${x}:a>`;
    case 'image':
      return escapeText(node.alt ?? '');
    case 'html':
      return escapeText(node.value);
    case 'paragraph':
    case 'heading':
    case 'tableCell':
      return kids();
    default:
      return 'value' in node && typeof node.value === 'string' ? escapeText(node.value) : kids();
  }
}

function decodeURIComponentSafe(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/** The XHTML of `markdown`, an `<x:div>` (x the XHTML namespace prefix). */
export function markdownToXhtml(markdown: string, x = 'xhtml'): string {
  const tree = parseMarkdown(restoreHardBreaks(markdown)) as Root;
  const blocks = tree.children.map((c) => inline(c as Nodes, x)).filter((b) => b !== '');
  return `<${x}:div>${blocks.join(`<${x}:br/>`)}</${x}:div>`;
}

/** The plain text of `markdown`: what a reader sees, for STRING attributes and titles. */
export function markdownToPlain(markdown: string): string {
  const walk = (node: Nodes): string => {
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'html') return node.value;
    if (node.type === 'break') return '\n';
    if (node.type === 'image') return node.alt ?? '';
    return 'children' in node ? (node.children as Nodes[]).map(walk).join('') : '';
  };
  const tree = parseMarkdown(restoreHardBreaks(markdown)) as Root;
  return tree.children.map((c) => walk(c as Nodes)).join('\n');
}
