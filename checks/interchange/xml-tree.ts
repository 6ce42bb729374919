/**
 * XML as a small ordered tree with places: the element names without their
 * namespace prefix (tools write `xhtml:div`, `reqif-xhtml:div` or a default
 * namespace for the same thing), attributes, children in document order and
 * the line and column each element starts at, so that a warning about a
 * ReqIF element can name where it stands. Pure.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface XmlElement {
  /** Local name: the prefix (`xhtml:`) dropped. */
  name: string;
  /** The name as written, prefix included. */
  qname: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  line: number;
  column: number;
}
export type XmlNode = XmlElement | string;

/** Not well-formed XML: where, and what the parser said. */
export class XmlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
  captureMetaData: true,
  // DOORS exports nest XHTML deeply inside the ReqIF structure.
  maxNestedTags: 1000,
});
const META = XMLParser.getMetaDataSymbol() as unknown as symbol;

/** 1-based line and column of each offset, found by binary search over line starts. */
function placer(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] as number) + 1 };
  };
}

type Raw = Record<string, unknown>;

function convert(raw: Raw[], place: ReturnType<typeof placer>): XmlNode[] {
  const out: XmlNode[] = [];
  for (const item of raw) {
    if ('#text' in item) {
      out.push(String(item['#text']));
      continue;
    }
    const qname = Object.keys(item).find((k) => k !== ':@');
    if (qname === undefined || qname.startsWith('?') || qname === '#comment') continue;
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries((item[':@'] as Raw | undefined) ?? {})) attrs[k] = String(v);
    const meta = (item as Record<symbol, { startIndex?: number } | undefined>)[META];
    const at = place(meta?.startIndex ?? 0);
    const colon = qname.indexOf(':');
    out.push({
      name: colon === -1 ? qname : qname.slice(colon + 1),
      qname,
      attrs,
      children: convert((item[qname] as Raw[] | undefined) ?? [], place),
      ...at,
    });
  }
  return out;
}

/** The document element of `text`; XmlSyntaxError (placed) when the text is not well-formed XML. */
export function parseXml(text: string): XmlElement {
  const checked = XMLValidator.validate(text, { allowBooleanAttributes: true });
  if (checked !== true) throw new XmlSyntaxError(checked.err.msg, checked.err.line, checked.err.col);
  const root = convert(parser.parse(text) as Raw[], placer(text)).find(
    (n): n is XmlElement => typeof n !== 'string',
  );
  if (!root) throw new XmlSyntaxError('no root element', 1, 1);
  return root;
}

/** The element children of `node` with local name `name` (every element child when omitted). */
export function childElements(node: XmlElement, name?: string): XmlElement[] {
  return node.children.filter(
    (c): c is XmlElement => typeof c !== 'string' && (name === undefined || c.name === name),
  );
}

export function firstChild(node: XmlElement, name: string): XmlElement | undefined {
  return childElements(node, name)[0];
}

/** Every element below `node` (itself excluded) with local name `name`, in document order. */
export function descendants(node: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (n: XmlElement) => {
    for (const c of childElements(n)) {
      if (c.name === name) found.push(c);
      walk(c);
    }
  };
  walk(node);
  return found;
}

/** The text content of `node`, every descendant's text concatenated. */
export function textContent(node: XmlNode): string {
  return typeof node === 'string' ? node : node.children.map(textContent).join('');
}
