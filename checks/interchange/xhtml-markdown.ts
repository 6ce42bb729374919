/**
 * XHTML (a ReqIF attribute's content) → the Markdown of one fact. A fact is
 * one Markdown unit, so block structure becomes lines of one paragraph joined
 * by hard breaks (`\` at a line's end), list items start with `•` or `N)`
 * rather than a list marker that would end the paragraph, and text is escaped
 * so that nothing in it reads as Markdown syntax or as a factline tag
 * (`@status:` in a requirement's prose would be a marker). Pure.
 */
import type { XmlElement, XmlNode } from './xml-tree.ts';

const BLOCKS = new Set([
  'p',
  'div',
  'blockquote',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'table',
  'tr',
  'address',
  'dl',
  'dt',
  'dd',
  'caption',
  'thead',
  'tbody',
  'tfoot',
]);

/** Markdown's punctuation that could start syntax anywhere in a line. */
const INLINE_SPECIAL = /[\\`*_[\]<>|~!]/g;

/** Escapes text so that it reads back as exactly these characters and no tag. */
export function escapeMarkdownText(text: string): string {
  return (
    text
      .replace(INLINE_SPECIAL, (c) => `\\${c}`)
      // An entity-looking `&name;` would be decoded; a `@word:` would be a factline tag or mention.
      .replace(/&(?=#?[A-Za-z0-9]+;)/g, '&amp;')
      .replace(/@(?=[A-Za-z/])/g, '&#64;')
      // GFM would make a link of a bare URL and take neighbouring `**` into it.
      .replace(/:\/\//g, '\\://')
      .replace(/\b(www)\./gi, '$1\\.')
  );
}

/** A line that would start a block (heading, quote, list, thematic break, setext underline) is escaped; a `*` there is emphasis (text asterisks are escaped already). */
function escapeLineStart(line: string): string {
  const m = /^(\s*)(#|>|[-+=]|\d+[.)])/.exec(line);
  if (!m) return line;
  const lead = m[1] as string;
  const mark = m[2] as string;
  if (/^\d/.test(mark)) return `${lead}${mark.slice(0, -1)}\\${mark.slice(-1)}${line.slice(m[0].length)}`;
  return `${lead}\\${line.slice(lead.length)}`;
}

interface Out {
  /** Finished lines. */
  lines: string[];
  /** The line being built. */
  current: string;
}

function breakLine(out: Out): void {
  if (out.current.trim() !== '') out.lines.push(out.current.trim());
  out.current = '';
}

/**
 * Wraps `inner` in a delimiter, keeping the spaces at its edges outside. Only
 * when it starts and ends with a letter or digit: then the delimiters open and
 * close whatever stands around them (CommonMark's flanking rules); otherwise
 * the text is kept plain rather than risk literal asterisks.
 */
function wrap(inner: string, delimiter: string): string {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner) as RegExpExecArray;
  const core = m[2] as string;
  if (!/^[\p{L}\p{N}]/u.test(core) || !/[\p{L}\p{N}]$/u.test(core)) return inner;
  return `${m[1]}${delimiter}${core}${delimiter}${m[3]}`;
}

/**
 * `piece` after `s`, unless a delimiter run would touch another of the same
 * character (`*a*` then `**b**` is one run of five): then the piece's plain
 * form, its words without that markup.
 */
function append(s: string, piece: string, plain: () => string): string {
  const last = s[s.length - 1];
  return last !== undefined && '*~`'.includes(last) && piece.startsWith(last) ? s + plain() : s + piece;
}

/**
 * The inline Markdown of `nodes` on one line (breaks inside are spaces),
 * after `before`: the line so far, which the first piece must not join (a
 * code span closing at its end and one opening here would read as one).
 */
function inline(nodes: XmlNode[], inLink = false, before = ''): string {
  let s = before;
  for (const node of nodes) {
    if (typeof node === 'string') {
      s += escapeMarkdownText(node.replace(/\s+/g, ' '));
      continue;
    }
    const content = () => inline(node.children, inLink || node.name === 'a');
    const plain = () => escapeMarkdownText(nodeText(node).replace(/\s+/g, ' '));
    switch (node.name) {
      case 'b':
      case 'strong':
        s = append(s, wrap(content(), '**'), plain);
        break;
      case 'i':
      case 'em':
      case 'cite':
      case 'dfn':
        s = append(s, wrap(content(), '*'), plain);
        break;
      case 'del':
      case 's':
      case 'strike':
        s = append(s, wrap(content(), '~~'), plain);
        break;
      case 'code':
      case 'tt':
      case 'kbd':
      case 'samp': {
        // The spaces at its edges go outside: a code span strips them (and would join its neighbours).
        const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(nodeText(node).replace(/\s+/g, ' ')) as RegExpExecArray;
        const code = m[2] as string;
        const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((r) => r.length));
        const ticks = '`'.repeat(longest + 1);
        const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : '';
        s = append(
          s,
          code === '' ? (m[0] === '' ? '' : ' ') : `${m[1]}${ticks}${pad}${code}${pad}${ticks}${m[3]}`,
          () => escapeMarkdownText(m[0]),
        );
        break;
      }
      case 'a': {
        const text = content();
        const href = node.attrs.href;
        // A link showing no text would be invisible: only its words, if any, are kept then.
        s = append(
          s,
          // Markdown has no link inside a link: an inner one keeps its words.
          !inLink && href && /^(https?:|mailto:|#)/.test(href) && text.trim() !== ''
            ? `[${text}](<${href.replace(/[<>\s]/g, encodeURIComponent)}>)`
            : text,
          plain,
        );
        break;
      }
      case 'img':
      case 'object': {
        const label = pictureLabel(node);
        // The picture itself is not carried over: its name stands in the text.
        const inner = node.name === 'object' ? inline(node.children, inLink).trim() : '';
        s +=
          inner !== '' ? inner : `[${escapeMarkdownText(label)}]`.replace(/^\[/, '\\[').replace(/\]$/, '\\]');
        break;
      }
      case 'br':
        s += ' ';
        break;
      default:
        s = append(s, content(), plain);
    }
  }
  return s;
}

/** Preformatted content as lines of nodes: text split at its line breaks, pictures kept whole, other markup dropped. */
function preLines(node: XmlNode, lines: XmlNode[][] = [[]]): XmlNode[][] {
  if (typeof node === 'string') {
    node.split('\n').forEach((part, i) => {
      if (i > 0) lines.push([]);
      (lines[lines.length - 1] as XmlNode[]).push(part);
    });
  } else if (node.name === 'br') lines.push([]);
  else if (node.name === 'img' || node.name === 'object') (lines[lines.length - 1] as XmlNode[]).push(node);
  else for (const c of node.children) preLines(c, lines);
  return lines;
}

/** The text of code: a break is a space, a picture its name. */
function nodeText(node: XmlNode): string {
  if (typeof node === 'string') return node;
  if (node.name === 'br') return ' ';
  if (node.name === 'img' || node.name === 'object') return `[${pictureLabel(node)}]`;
  return node.children.map(nodeText).join('');
}

function pictureLabel(node: XmlElement): string {
  return node.attrs.alt ?? node.attrs.name ?? node.attrs.data ?? node.attrs.src ?? node.name;
}

function hasBlock(nodes: XmlNode[]): boolean {
  return nodes.some(
    (n) => typeof n !== 'string' && (BLOCKS.has(n.name) || n.name === 'br' || hasBlock(n.children)),
  );
}

/** Lays out `nodes` as lines: blocks and `<br>` end a line, inline runs are rendered by `inline`. */
function blocks(nodes: XmlNode[], out: Out, prefix: string): void {
  let run: XmlNode[] = [];
  const flush = () => {
    if (run.length === 0) return;
    out.current = inline(run, false, out.current);
    run = [];
  };
  for (const node of nodes) {
    if (
      typeof node === 'string' ||
      (!BLOCKS.has(node.name) && node.name !== 'br' && !hasBlock(node.children))
    ) {
      run.push(node);
      continue;
    }
    flush();
    if (node.name === 'br') {
      breakLine(out);
      continue;
    }
    if (node.name === 'ul' || node.name === 'ol') {
      breakLine(out);
      let n = 0;
      for (const li of node.children) {
        if (typeof li === 'string') continue;
        n++;
        out.current = `${prefix}${node.name === 'ol' ? `${n})` : '•'} `;
        blocks(li.name === 'li' ? li.children : [li], out, `${prefix}  `);
        breakLine(out);
      }
      continue;
    }
    if (node.name === 'tr') {
      breakLine(out);
      const cells = node.children.filter((c) => typeof c !== 'string').map((c) => inline([c]).trim());
      out.current = cells.join(' \\| ');
      breakLine(out);
      continue;
    }
    if (node.name === 'pre') {
      breakLine(out);
      for (const line of preLines(node)) {
        out.current = inline(line);
        breakLine(out);
      }
      continue;
    }
    if (!BLOCKS.has(node.name)) {
      // An inline element holding blocks (a link around paragraphs): its blocks are laid out, its markup dropped.
      blocks(node.children, out, prefix);
      continue;
    }
    // A block that opens a list item stays on the item's line.
    if (!/^\s*(•|\d+\))\s*$/.test(out.current)) breakLine(out);
    const heading = /^h[1-6]$/.test(node.name);
    if (heading) {
      out.current += wrap(inline(node.children), '**');
      breakLine(out);
    } else if (!hasBlock(node.children)) {
      out.current += inline(node.children);
      breakLine(out);
    } else {
      blocks(node.children, out, prefix);
      breakLine(out);
    }
  }
  flush();
}

/**
 * The Markdown of XHTML content: one unit's text, lines joined by hard
 * breaks; empty when the content has no text.
 */
// @implements interchange#IMPORT-TEXT-AS-ONE-UNIT
export function xhtmlToMarkdown(nodes: XmlNode[]): string {
  const out: Out = { lines: [], current: '' };
  blocks(nodes, out, '');
  breakLine(out);
  return out.lines.map(escapeLineStart).join('\\\n');
}

/** Plain text (a STRING attribute) → the Markdown of one unit: escaped, its lines joined by hard breaks. */
export function plainToMarkdown(text: string): string {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => escapeLineStart(escapeMarkdownText(l.replace(/\s+/g, ' '))))
    .join('\\\n');
}
