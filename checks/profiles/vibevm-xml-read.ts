/**
 * vibevm's XML spec dialect read as its specmap engine reads it (the vendored
 * `core-ai-native-specmap` crate's `xmlspec` reader, which vibevm's `specmap`
 * runs; vibe-specdoc's host reader holds the same laws): one `<spec
 * xmlns="https://vibevm.org/spec/1">` root holding a title, a status, blocks
 * and nested sections; blocks are `<p>`, `<quote>`, `<list>`/`<facts>` of
 * items, `<table>` rows of cells, `<fence>`; a unit leaf holds bare text or
 * one fact (`<fact id=…>` or the named `<ID fact="true">`). The vocabulary is
 * closed: the first breach is thrown with vibevm's line and message, and
 * vibevm drops the document. Pure.
 */
import { Breach, type XmlEvent, xmlEvents } from './vibevm-xml-events.ts';

/** The `<status>` payload, values verbatim (vibevm's reader renders, it does not judge them). */
export interface XStatus {
  stage: string;
  state: string;
  action?: string;
  actionstage?: string;
  audience: string[];
  comment?: string;
  ref?: string;
}

export interface XFact {
  id?: string;
  status?: XStatus;
  /** The line of the fact element's start tag. */
  line: number;
}

/** A unit-bearing leaf (`p`, `item`, `quote`, `td`): its trimmed text and the fact wrapping it, if any. */
export interface XUnit {
  fact?: XFact;
  text: string;
  /** The line of the leaf's start tag (the fact's, for a fact of `<facts>`). */
  line: number;
}

export type XBlock =
  | { type: 'para'; unit: XUnit; line: number }
  | { type: 'quote'; unit: XUnit; line: number }
  | { type: 'list'; ordered: boolean; items: XUnit[] }
  | { type: 'table'; rows: XUnit[][]; line: number }
  | { type: 'fence'; lang?: string; fact?: string; text: string; line: number };

export interface XSection {
  id?: string;
  title: string;
  /** Lines of the opening and the closing tag. */
  line: number;
  endLine: number;
  status?: XStatus;
  blocks: XBlock[];
  sections: XSection[];
}

export interface XDoc {
  title?: { text: string; id?: string; line: number };
  status?: XStatus;
  preamble: XBlock[];
  sections: XSection[];
  /** Line of `</spec>`. */
  endLine: number;
}

export { Breach };

/** The dialect's element names: never a named section or a named fact. */
const RESERVED = new Set([
  'spec',
  'title',
  'status',
  'section',
  'p',
  'fact',
  'facts',
  'list',
  'item',
  'table',
  'tr',
  'td',
  'fence',
  'quote',
]);

const BLOCKS = new Set(['p', 'facts', 'list', 'table', 'fence', 'quote']);

/** vibevm's fact and anchor grammar (specmark-grammar `is_valid_fact_id`). */
export const isValidFactId = (id: string): boolean => /^[A-Za-z][A-Za-z0-9_-]*$/.test(id);

/** Whether an anchor may stand as an element name (a named section or fact). */
export function anchorIsElementable(anchor: string): boolean {
  if (!/^[A-Za-z_][A-Za-z0-9._-]*$/.test(anchor)) return false;
  if (anchor.slice(0, 3).toLowerCase() === 'xml') return false;
  return !RESERVED.has(anchor);
}

/**
 * A dialect document read into its tree, or the first breach thrown
 * (`Breach`, with vibevm's line and message).
 */
// @implements vibevm#XML-UNITS
export function readVibevmXml(xml: string): XDoc {
  const p = new Cursor(xmlEvents(xml));
  p.skipSpace();
  const [name, attrs, at, empty] = p.takeStart();
  if (name !== 'spec')
    throw new Breach(
      at,
      `the document root must be <spec>, found <${name}> — the dialect's vocabulary is closed`,
    );
  checkRootAttrs(attrs, at);
  const doc: XDoc = empty ? { preamble: [], sections: [], endLine: 0 } : specChildren(p);
  p.skipSpace();
  const after = p.peek();
  if (after !== undefined) throw new Breach(after.line, 'content after </spec> — one document, one root');
  return doc;
}

const NS = 'https://vibevm.org/spec/1';

function checkRootAttrs(attrs: [string, string][], at: number): void {
  if (attrs.length === 0) throw new Breach(at, `the <spec> element requires xmlns="${NS}"`);
  for (const [key, value] of attrs) {
    if (key !== 'xmlns')
      throw new Breach(
        at,
        `the <spec> element has no \`${key}\` attribute — the dialect's vocabulary is closed`,
      );
    if (value !== NS) throw new Breach(at, `the <spec> namespace is xmlns="${NS}", found \`${value}\``);
  }
}

type Start = [name: string, attrs: [string, string][], line: number, empty: boolean];

/** The event stream with vibevm's parser primitives over it. */
class Cursor {
  i = 0;
  constructor(readonly events: XmlEvent[]) {}

  peek(): XmlEvent | undefined {
    return this.events[this.i];
  }

  /** The current event's line, 0 at the end of input. */
  here(): number {
    return this.events[this.i]?.line ?? 0;
  }

  /** The previous event's line (vibevm's `poss[i - 1]`). */
  previous(): number {
    return this.events[Math.max(0, this.i - 1)]?.line ?? 0;
  }

  /** Skips whitespace-only text; other text outside a leaf breaks the dialect. */
  skipSpace(): void {
    for (let e = this.peek(); e?.type === 'text'; e = this.peek()) {
      if (e.text.trim() !== '')
        throw new Breach(
          e.line,
          `unexpected text content \`${e.text}\` — text lives inside the leaf elements`,
        );
      this.i++;
    }
  }

  takeStart(): Start {
    const e = this.peek();
    if (e === undefined) throw new Breach(0, 'unexpected end of input');
    if (e.type === 'start' || e.type === 'empty') {
      this.i++;
      return [e.name, e.attrs, e.line, e.type === 'empty'];
    }
    if (e.type === 'end') throw new Breach(e.line, `unexpected </${e.name}> — an element was expected`);
    throw new Breach(e.line, `an element was expected, found ${what(e)}`);
  }

  /** True, consuming it, when the next event closes `name`; a breach at the end of input. */
  closes(name: string, unclosed: string): boolean {
    const e = this.peek();
    if (e === undefined) throw new Breach(0, `unexpected end of input — ${unclosed}`);
    if (e.type === 'end' && e.name === name) {
      this.i++;
      return true;
    }
    return false;
  }
}

function what(e: XmlEvent): string {
  switch (e.type) {
    case 'start':
      return `<${e.name}>`;
    case 'empty':
      return `<${e.name}/>`;
    case 'end':
      return `</${e.name}>`;
    case 'text':
      return `text \`${e.text}\``;
    case 'cdata':
      return 'CDATA';
  }
}

const attr = (attrs: [string, string][], key: string): string | undefined =>
  attrs.find(([k]) => k === key)?.[1];

function onlyAttrs(attrs: [string, string][], allowed: readonly string[], el: string, at: number): void {
  for (const [key] of attrs) {
    if (!allowed.includes(key))
      throw new Breach(
        at,
        `the <${el}> element has no \`${key}\` attribute — the dialect's vocabulary is closed`,
      );
  }
}

function specChildren(p: Cursor): XDoc {
  const doc: XDoc = { preamble: [], sections: [], endLine: 0 };
  const blocks: XBlock[] = [];
  let haveContent = false;
  let haveSection = false;
  for (;;) {
    p.skipSpace();
    const e = p.peek();
    if (e === undefined) throw new Breach(0, 'unexpected end of input — <spec> never closed');
    if (e.type === 'end' && e.name === 'spec') {
      doc.endLine = e.line;
      p.i++;
      break;
    }
    const [name, attrs, at, empty] = p.takeStart();
    if (name === 'title') {
      if (doc.title) throw new Breach(at, 'one <title> per document');
      if (haveContent) throw new Breach(at, 'the dialect puts <title> before any block or section');
      onlyAttrs(attrs, ['id'], 'title', at);
      const id = attr(attrs, 'id');
      const text = leafText(p, 'title', empty);
      doc.title = { text, line: at, ...(id !== undefined ? { id } : {}) };
    } else if (name === 'status') {
      if (doc.status) throw new Breach(at, 'one document <status> per document');
      if (haveContent) throw new Breach(at, 'the document <status> comes before any block or section');
      doc.status = statusElement(p, attrs, at, empty);
    } else if (name === 'section') {
      haveContent = haveSection = true;
      doc.sections.push(section(p, 'section', attrs, at, empty, 2));
    } else if (BLOCKS.has(name)) {
      if (haveSection)
        throw new Breach(
          at,
          `<${name}> cannot follow a top-level <section> — Markdown preamble blocks come before sections`,
        );
      haveContent = true;
      blocks.push(block(p, name, attrs, at, empty));
    } else if (anchorIsElementable(name) && attr(attrs, 'title') !== undefined) {
      haveContent = haveSection = true;
      doc.sections.push(section(p, name, attrs, at, empty, 2));
    } else {
      throw new Breach(at, `the dialect has no <${name}> element (inside <spec>) — the vocabulary is closed`);
    }
  }
  validateFenceBindings(blocks);
  doc.preamble = blocks;
  return doc;
}

function section(
  p: Cursor,
  element: string,
  attrs: [string, string][],
  at: number,
  empty: boolean,
  level: number,
): XSection {
  if (level > 6)
    throw new Breach(
      at,
      'section nesting deeper than five levels is not Markdown-expressible (ATX headings stop at H6)',
    );
  let id: string | undefined;
  if (element === 'section') {
    onlyAttrs(attrs, ['id', 'title'], 'section', at);
    id = attr(attrs, 'id');
  } else {
    onlyAttrs(attrs, ['title'], element, at);
    id = element;
  }
  const title = attr(attrs, 'title');
  if (title === undefined) throw new Breach(at, `the <${element}> element requires a \`title\` attribute`);
  const s: XSection = {
    ...(id !== undefined ? { id } : {}),
    title,
    line: at,
    endLine: at,
    blocks: [],
    sections: [],
  };
  if (empty) return s;
  const blocks: XBlock[] = [];
  let first = true;
  let haveSubsection = false;
  for (;;) {
    p.skipSpace();
    const e = p.peek();
    if (e === undefined)
      throw new Breach(0, `unexpected end of input — section ${JSON.stringify(title)} never closed`);
    if (e.type === 'end' && e.name === element) {
      s.endLine = e.line;
      p.i++;
      break;
    }
    const [name, childAttrs, childAt, childEmpty] = p.takeStart();
    if (name === 'status') {
      if (!first)
        throw new Breach(
          childAt,
          "a section <status> must be the section's first child — that is where the Markdown form can place it",
        );
      s.status = statusElement(p, childAttrs, childAt, childEmpty);
    } else if (name === 'section') {
      haveSubsection = true;
      s.sections.push(section(p, 'section', childAttrs, childAt, childEmpty, level + 1));
    } else if (BLOCKS.has(name)) {
      if (haveSubsection)
        throw new Breach(
          childAt,
          `<${name}> cannot follow a nested <section> — Markdown parent blocks come before child sections`,
        );
      blocks.push(block(p, name, childAttrs, childAt, childEmpty));
    } else if (anchorIsElementable(name) && attr(childAttrs, 'title') !== undefined) {
      haveSubsection = true;
      s.sections.push(section(p, name, childAttrs, childAt, childEmpty, level + 1));
    } else {
      throw new Breach(
        childAt,
        `the dialect has no <${name}> element (inside <section>) — the vocabulary is closed`,
      );
    }
    first = false;
  }
  validateFenceBindings(blocks);
  s.blocks = blocks;
  return s;
}

function block(p: Cursor, name: string, attrs: [string, string][], at: number, empty: boolean): XBlock {
  switch (name) {
    case 'p':
    case 'quote': {
      onlyAttrs(attrs, [], name, at);
      const u = unit(p, name, at, empty, false);
      return name === 'p' ? { type: 'para', unit: u, line: at } : { type: 'quote', unit: u, line: at };
    }
    case 'fence':
      return fence(p, attrs, at, empty);
    case 'facts':
    case 'list':
      return list(p, name, attrs, at, empty);
    default:
      return table(p, at, empty);
  }
}

function orderedOf(attrs: [string, string][], el: string, at: number): boolean {
  const value = attr(attrs, 'ordered');
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value !== undefined)
    throw new Breach(at, `the \`ordered\` attribute is "true"|"false", found \`${value}\``);
  throw new Breach(at, `the <${el}> element requires an \`ordered\` attribute ("true"|"false")`);
}

/** `<list>` of `<item>` leaves, or `<facts>` of fact elements (the same list in Markdown). */
function list(p: Cursor, el: string, attrs: [string, string][], at: number, empty: boolean): XBlock {
  onlyAttrs(attrs, ['ordered'], el, at);
  const ordered = orderedOf(attrs, el, at);
  const items: XUnit[] = [];
  if (!empty) {
    for (;;) {
      p.skipSpace();
      if (p.closes(el, `<${el}> never closed`)) break;
      const [name, childAttrs, childAt, childEmpty] = p.takeStart();
      if (el === 'list') {
        if (name !== 'item')
          throw new Breach(childAt, `the dialect has no <${name}> element (inside <list>) — only <item>`);
        onlyAttrs(childAttrs, [], 'item', childAt);
        items.push(unit(p, 'item', childAt, childEmpty, false));
      } else {
        if (!isFactElement(name, childAttrs, childAt))
          throw new Breach(
            childAt,
            `<facts> accepts only fact elements; mixed lists stay in <list> — found <${name}>`,
          );
        const [fact, text] = factElement(p, name, childAttrs, childAt, false, childEmpty);
        items.push({ fact, text: text.trim(), line: childAt });
      }
    }
  }
  if (items.length === 0)
    throw new Breach(
      at,
      el === 'list'
        ? 'a <list> needs at least one <item> — an empty list is not Markdown-expressible'
        : 'a <facts> needs at least one fact — an empty list is not Markdown-expressible',
    );
  return { type: 'list', ordered, items };
}

function table(p: Cursor, at: number, empty: boolean): XBlock {
  const rows: XUnit[][] = [];
  if (!empty) {
    for (;;) {
      p.skipSpace();
      if (p.closes('table', '<table> never closed')) break;
      const [name, attrs, trAt, trEmpty] = p.takeStart();
      if (name !== 'tr')
        throw new Breach(trAt, `the dialect has no <${name}> element (inside <table>) — only <tr>`);
      onlyAttrs(attrs, [], 'tr', trAt);
      const row: XUnit[] = [];
      if (!trEmpty) {
        for (;;) {
          p.skipSpace();
          if (p.closes('tr', '<tr> never closed')) break;
          const [cell, cellAttrs, tdAt, tdEmpty] = p.takeStart();
          if (cell !== 'td')
            throw new Breach(tdAt, `the dialect has no <${cell}> element (inside <tr>) — only <td>`);
          onlyAttrs(cellAttrs, [], 'td', tdAt);
          // The cell exemption: a marked cell may be id-less.
          row.push(unit(p, 'td', tdAt, tdEmpty, true));
        }
      }
      if (row.length === 0) throw new Breach(trAt, 'a <tr> needs at least one <td>');
      rows.push(row);
    }
  }
  if (rows.length === 0)
    throw new Breach(at, 'a <table> needs at least one <tr> — an empty table is not Markdown-expressible');
  return { type: 'table', rows, line: at };
}

function fence(p: Cursor, attrs: [string, string][], at: number, empty: boolean): XBlock {
  onlyAttrs(attrs, ['lang', 'fact'], 'fence', at);
  const lang = attr(attrs, 'lang');
  const fact = attr(attrs, 'fact');
  let text = '';
  if (!empty) {
    while (!p.closes('fence', '<fence> never closed')) {
      const e = p.peek()!;
      if (e.type !== 'text' && e.type !== 'cdata')
        throw new Breach(e.line, `a <fence> holds only text and CDATA — found ${what(e)}`);
      text += e.text;
      p.i++;
    }
  }
  return {
    type: 'fence',
    ...(lang !== undefined ? { lang } : {}),
    ...(fact !== undefined ? { fact } : {}),
    text,
    line: at,
  };
}

/** One unit-bearing leaf: bare text, or exactly one generic or named fact. */
function unit(p: Cursor, tag: string, at: number, empty: boolean, inCell: boolean): XUnit {
  let text = '';
  let fact: XFact | undefined;
  if (!empty) {
    while (!p.closes(tag, `<${tag}> never closed`)) {
      const e = p.peek()!;
      if (e.type === 'text') {
        if (e.text.trim() === '') {
          p.i++;
          continue;
        }
        if (fact !== undefined)
          throw new Breach(
            e.line,
            `text beside <fact> inside <${tag}> — a ${tag} is ONE unit: bare text or one fact`,
          );
        text += e.text;
        p.i++;
      } else if (e.type === 'cdata') {
        throw new Breach(e.line, 'CDATA is allowed only inside <fence>');
      } else if ((e.type === 'start' || e.type === 'empty') && fact === undefined) {
        if (!isFactElement(e.name, e.attrs, e.line))
          throw new Breach(
            e.line,
            `the dialect has no <${e.name}${e.type === 'empty' ? '/' : ''}> element (inside <${tag}>)`,
          );
        if (text.trim() !== '')
          throw new Breach(e.line, `text and <fact> cannot mix inside <${tag}> — a ${tag} is ONE unit`);
        p.i++;
        const [f, content] = factElement(p, e.name, e.attrs, e.line, inCell, e.type === 'empty');
        fact = f;
        text = content;
      } else {
        throw new Breach(e.line, `the dialect has no ${what(e)} (inside <${tag}>)`);
      }
    }
  }
  text = text.trim();
  if (tag === 'td' && (text.includes('|') || text.includes('\n')))
    throw new Breach(
      p.previous(),
      'a <td> cannot hold `|` or a newline — the Markdown table form cannot express it',
    );
  if (fact !== undefined && fact.id === undefined && fact.status === undefined)
    throw new Breach(p.previous(), 'an empty <fact> carries nothing — give it an id or a status');
  if (fact !== undefined) return { fact, text, line: at };
  if (text === '' && !inCell)
    throw new Breach(p.previous(), `an empty <${tag}> — the Markdown form cannot express it`);
  return { text, line: at };
}

function isFactElement(name: string, attrs: [string, string][], at: number): boolean {
  const discriminator = attr(attrs, 'fact');
  if (discriminator !== undefined && discriminator !== 'true')
    throw new Breach(
      at,
      `the \`fact\` discriminator on <${name}> must be "true", found \`${discriminator}\``,
    );
  return name === 'fact' || discriminator === 'true';
}

const FACT_EXTRAS = ['fact', 'status', 'action', 'actionstage', 'audience', 'comment', 'ref'];

/** A generic `<fact>` or a named `<ID fact="true">`: the closed attributes, then text only. */
function factElement(
  p: Cursor,
  name: string,
  attrs: [string, string][],
  at: number,
  inCell: boolean,
  empty: boolean,
): [XFact, string] {
  const named = name !== 'fact';
  onlyAttrs(attrs, named ? FACT_EXTRAS : ['id', ...FACT_EXTRAS], name, at);
  if (named && !anchorIsElementable(name))
    throw new Breach(at, `named fact <${name}> is not elementable — use <fact id="${name}">`);
  if (named && !isValidFactId(name))
    throw new Breach(at, `named fact id \`${name}\` does not match the shared fact-id grammar`);
  const id = named ? name : attr(attrs, 'id');
  if (id === undefined && !inCell)
    throw new Breach(
      at,
      'a <fact> needs an `id` — only a table cell may be marked without one (the cell exemption)',
    );
  const status = attr(attrs, 'status') !== undefined ? statusFromAttrs(attrs, at) : undefined;
  let text = '';
  if (!empty) {
    while (!p.closes(name, `<${name}> never closed`)) {
      const e = p.peek()!;
      if (e.type !== 'text') throw new Breach(e.line, `a <${name}> fact holds only text — found ${what(e)}`);
      text += e.text;
      p.i++;
    }
  }
  return [{ ...(id !== undefined ? { id } : {}), ...(status ? { status } : {}), line: at }, text];
}

/** The text of `<title>`: text only, trimmed. */
function leafText(p: Cursor, tag: string, empty: boolean): string {
  let text = '';
  if (!empty) {
    while (!p.closes(tag, `<${tag}> never closed`)) {
      const e = p.peek()!;
      if (e.type !== 'text') throw new Breach(e.line, `a <${tag}> holds only text — found ${what(e)}`);
      text += e.text;
      p.i++;
    }
  }
  return text.trim();
}

const STATUS_ATTRS = ['stage', 'state', 'action', 'actionstage', 'audience', 'comment', 'ref'];

function statusElement(p: Cursor, attrs: [string, string][], at: number, empty: boolean): XStatus {
  onlyAttrs(attrs, STATUS_ATTRS, 'status', at);
  if (attr(attrs, 'stage') === undefined || attr(attrs, 'state') === undefined)
    throw new Breach(at, 'the <status> element requires both `stage` and `state`');
  const status = statusFromAttrs(attrs, at);
  if (!empty) {
    const e = p.peek();
    if (e === undefined) throw new Breach(0, 'unexpected end of input — <status> never closed');
    if (e.type !== 'end' || e.name !== 'status')
      throw new Breach(e.line, `a <status> element is empty — found ${what(e)}`);
    p.i++;
  }
  return status;
}

function statusFromAttrs(attrs: [string, string][], at: number): XStatus {
  for (const key of ['comment', 'ref']) {
    const value = attr(attrs, key);
    if (value !== undefined && /["\r\n]/.test(value))
      throw new Breach(
        at,
        `the \`${key}\` value is not Markdown-expressible: status attributes cannot contain quotes or newlines`,
      );
  }
  let stage: string;
  let state: string;
  const shorthand = attr(attrs, 'status');
  if (shorthand !== undefined) {
    const slash = shorthand.indexOf('/');
    if (slash === -1)
      throw new Breach(
        at,
        `the \`status\` attribute is \`<stage>/<state>\` (e.g. impl/done), found \`${shorthand}\``,
      );
    stage = shorthand.slice(0, slash);
    state = shorthand.slice(slash + 1);
  } else {
    stage = attr(attrs, 'stage') ?? '';
    state = attr(attrs, 'state') ?? '';
  }
  const audience = (attr(attrs, 'audience') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const out: XStatus = { stage, state, audience };
  for (const key of ['action', 'actionstage', 'comment', 'ref'] as const) {
    const value = attr(attrs, key);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** The `@fact/code` binding law: a fence's `fact=` names the fact of the last unit of the block before it. */
function validateFenceBindings(blocks: readonly XBlock[]): void {
  blocks.forEach((b, i) => {
    if (b.type !== 'fence' || b.fact === undefined) return;
    const before = blocks[i - 1];
    const last =
      before?.type === 'para' || before?.type === 'quote'
        ? before.unit
        : before?.type === 'list'
          ? before.items[before.items.length - 1]
          : undefined;
    if (last?.fact?.id !== b.fact)
      throw new Breach(
        b.line,
        `\`fact="${b.fact}"\` must name the fact of the immediately preceding <p>/<list>/<quote> unit — the @fact/code binding is adjacent by law`,
      );
  });
}
