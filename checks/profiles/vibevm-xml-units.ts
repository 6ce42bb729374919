/**
 * The units vibevm's specmap mints from a dialect `.xml` spec (its `xmlspec`
 * module), and the canonical Markdown it measures them over. A unit is an
 * anchored `<title id>` (its span the whole document), an anchored section
 * (its span the section with every nested one) or a fact carried by a `<p>`
 * or an `<item>`; a fact in a cell or a quote, or one a fence binds
 * (`@fact/code:`), mints nothing. Lines are the XML file's own. A unit's
 * content hash is sha256 over the canonical Markdown of its span (vibevm's
 * `mdout`): blocks one blank line apart, a run of blocks closed by a blank
 * line, headings `#`-levelled with ` {#id}`, facts `@fact:ID text
 * @status:stage/state`.
 *
 * The same Markdown, whole, is the document factline's reader reads (each of
 * its lines mapped back to the XML line it came from), so facts, statuses and
 * digests are what the Markdown twin of the document gives.
 */
import { createHash } from 'node:crypto';
import { longSection as longSectionRule } from '../rules/long-section.ts';
import {
  isValidFactId,
  type XBlock,
  type XDoc,
  type XSection,
  type XStatus,
  type XUnit,
} from './vibevm-xml-read.ts';

/** A kind line vibevm reads (`req r2`, `prop r1 planned`, `design r3 disputed(#x)`). */
export interface XmlKindLine {
  kind: 'prop' | 'req' | 'design' | 'guide';
  revision: number;
  planned: boolean;
  disputed: string[];
}

/** One unit as vibevm's specmap mints it. */
export interface XmlUnit {
  anchor: string;
  kind: 'heading' | 'fact';
  /** The XML line of the title, section or fact element. */
  line: number;
  /** vibevm's `heading`: a section's title, a fact's text with its status suffix. */
  heading: string;
  /** `sha256:` + hex over the canonical Markdown of the unit's span. */
  contentHash: string;
  kindLine?: XmlKindLine;
}

/** What vibevm warns of while minting (the document itself is read). */
export interface XmlUnitWarning {
  code: 'invalid-anchor' | 'malformed-kind-line' | 'duplicate-anchor' | typeof longSectionRule.id;
  line: number;
  message: string;
}

export interface XmlProjection {
  /** The canonical Markdown of the whole document. */
  markdown: string;
  /** For each Markdown line (index 0 = line 1), the XML line it came from. */
  lineMap: number[];
}

/** A span's lines, each with the XML line it came from. */
type Lines = { text: string; line: number }[];

/** vibevm's `content_hash`: sha256 of the text, line breaks normalised to `\n`. */
// @implements vibevm#XML-CONTENT-HASH
export function contentHash(text: string): string {
  const normalised = text.replace(/\r\n/g, '\n').replace(/\r/g, '\n');
  return `sha256:${createHash('sha256').update(normalised, 'utf8').digest('hex')}`;
}

/** The document's canonical Markdown, each line mapped to the XML line it came from. */
// @implements vibevm#XML-UNITS
export function projectVibevmXml(doc: XDoc): XmlProjection {
  const lines = documentLines(doc);
  return { markdown: lines.map((l) => l.text).join('\n'), lineMap: lines.map((l) => l.line) };
}

/**
 * The units vibevm mints from a read document, in document order, and its
 * warnings. `longSectionAt`: the threshold of vibevm's long-section check over
 * XML lines (`</section>` line − `<section>` line + 1, leaf sections only), or
 * 0 where the document is not measured (a root spec document).
 */
// @implements vibevm#XML-UNITS
export function vibevmXmlUnits(
  doc: XDoc,
  longSectionAt = 0,
): { units: XmlUnit[]; warnings: XmlUnitWarning[] } {
  const units: XmlUnit[] = [];
  const warnings: XmlUnitWarning[] = [];
  const seen = new Set<string>();
  const register = (id: string, line: number) => {
    if (seen.has(id))
      warnings.push({
        code: 'duplicate-anchor',
        line,
        message: `anchor \`${id}\` is defined twice in this document; a citation resolves to the first`,
      });
    else seen.add(id);
  };
  const invalid = (id: string, line: number, what: string) =>
    warnings.push({
      code: 'invalid-anchor',
      line,
      message: `${what} \`${id}\` is not an id \`[A-Za-z][A-Za-z0-9_-]*\`; unit skipped`,
    });
  // @implements vibevm#XML-KIND-FROM-FIRST-BLOCK
  const kindOf = (status: XStatus | undefined, blocks: readonly XBlock[]): XmlKindLine | undefined => {
    // vibevm reads the first block's own text (a fact's body, not its `@fact:` line): a kind line
    // written as a fact (`@fact:kind-line-x` + `req r1`) gives its section a revision here.
    const first = blocks[0];
    if (status !== undefined || first?.type !== 'para') return undefined;
    const read = readKindLine(first.unit.text.split('\n')[0]!);
    if (typeof read === 'string') {
      warnings.push({ code: 'malformed-kind-line', line: first.line, message: read });
      return undefined;
    }
    return read;
  };
  // @implements vibevm#XML-LONG-SECTION
  const longSection = (line: number, endLine: number, title: string, leaf: boolean) => {
    if (longSectionAt === 0 || !leaf) return;
    const spanned = endLine - line + 1;
    if (spanned >= longSectionAt)
      warnings.push({
        code: longSectionRule.id,
        line,
        message: `section \`${title}\` spans ${spanned} lines (threshold ${longSectionAt}); long sections read poorly and churn often`,
      });
  };
  const blockFacts = (blocks: readonly XBlock[]) => {
    blocks.forEach((b, i) => {
      const typed = typedIdAfter(blocks, i);
      const mint = (u: XUnit, span: string) => {
        const f = u.fact;
        if (f?.id === undefined || f.id === typed) return;
        if (!isValidFactId(f.id)) {
          invalid(f.id, f.line, 'fact id');
          return;
        }
        register(f.id, f.line);
        units.push({
          anchor: f.id,
          kind: 'fact',
          line: f.line,
          heading: unitBody(u),
          contentHash: contentHash(span),
        });
      };
      if (b.type === 'para') mint(b.unit, paraLine(b.unit, typed));
      else if (b.type === 'list')
        b.items.forEach((item, j) => {
          mint(item, itemLine(item, j, b.ordered, typed));
        });
    });
  };
  const section = (s: XSection, level: number) => {
    const kindLine = kindOf(s.status, s.blocks);
    if (s.id !== undefined) {
      if (!isValidFactId(s.id)) invalid(s.id, s.line, 'anchor');
      else {
        register(s.id, s.line);
        const span: Lines = [];
        appendSection(s, level, span);
        longSection(s.line, s.endLine, s.title, s.sections.length === 0);
        units.push({
          anchor: s.id,
          kind: 'heading',
          line: s.line,
          heading: s.title,
          contentHash: contentHash(span.map((l) => l.text).join('\n')),
          ...(kindLine ? { kindLine } : {}),
        });
      }
    }
    blockFacts(s.blocks);
    for (const sub of s.sections) section(sub, level + 1);
  };
  const title = doc.title;
  if (title?.id !== undefined) {
    if (!isValidFactId(title.id)) invalid(title.id, title.line, 'anchor');
    else {
      register(title.id, title.line);
      const kindLine = kindOf(doc.status, doc.preamble);
      longSection(title.line, doc.endLine, title.text, doc.sections.length === 0);
      units.push({
        anchor: title.id,
        kind: 'heading',
        line: title.line,
        heading: title.text,
        contentHash: contentHash(
          documentLines(doc)
            .map((l) => l.text)
            .join('\n'),
        ),
        ...(kindLine ? { kindLine } : {}),
      });
    }
  }
  blockFacts(doc.preamble);
  for (const s of doc.sections) section(s, 2);
  return { units, warnings };
}

/** vibevm's kind line: undefined when the line is none, a message when it is malformed. */
export function readKindLine(line: string): XmlKindLine | string | undefined {
  const m = /^\s*`([^`]*)`/.exec(line);
  if (!m) return undefined;
  const decl = m[1]!;
  const words = decl.split(/\s+/).filter((w) => w !== '');
  const kind = words[0];
  if (kind !== 'prop' && kind !== 'req' && kind !== 'design' && kind !== 'guide') return undefined;
  const rev = words[1];
  if (rev === undefined) return `kind line \`${decl}\` is missing the \`r<N>\` revision`;
  const n = /^r([0-9]+)$/.exec(rev);
  const revision = n ? Number(n[1]) : 0;
  if (!(revision >= 1 && revision <= 0xffffffff))
    return `kind line \`${decl}\` has a malformed revision \`${rev}\` (expected \`r<N>\`, N ≥ 1)`;
  const out: XmlKindLine = { kind, revision, planned: false, disputed: [] };
  const status = words[2];
  if (status === 'planned') out.planned = true;
  else if (status?.startsWith('disputed(#') && status.endsWith(')')) {
    const other = status.slice('disputed(#'.length, -1);
    if (!isValidFactId(other))
      return `kind line \`${decl}\`: disputed(...) must name an anchor id \`[A-Za-z][A-Za-z0-9_-]*\`, got \`${other}\``;
    out.disputed = [other];
  } else if (status !== undefined)
    return `kind line \`${decl}\` has an unknown status \`${status}\` (expected \`planned\` or \`disputed(#anchor)\`)`;
  if (words.length > 3) return `kind line \`${decl}\` carries trailing tokens`;
  return out;
}

function documentLines(doc: XDoc): Lines {
  const out: Lines = [];
  if (doc.title) {
    const id = doc.title.id !== undefined ? ` {#${doc.title.id}}` : '';
    out.push({ text: `# ${doc.title.text}${id}`, line: doc.title.line }, { text: '', line: doc.title.line });
  }
  if (doc.status) {
    const at = doc.title?.line ?? 1;
    out.push({ text: statusElementLine(doc.status), line: at }, { text: '', line: at });
  }
  appendBlocks(doc.preamble, out, doc.title?.line ?? 1);
  for (const s of doc.sections) appendSection(s, 2, out);
  return out;
}

function appendSection(s: XSection, level: number, out: Lines): void {
  const id = s.id !== undefined ? ` {#${s.id}}` : '';
  out.push({ text: `${'#'.repeat(level)} ${s.title}${id}`, line: s.line }, { text: '', line: s.line });
  if (s.status) out.push({ text: statusElementLine(s.status), line: s.line }, { text: '', line: s.line });
  appendBlocks(s.blocks, out, s.line);
  for (const sub of s.sections) appendSection(sub, level + 1, out);
}

/** Blocks one blank line apart, the run closed by one blank line (when there is a block). */
function appendBlocks(blocks: readonly XBlock[], out: Lines, at: number): void {
  let line = at;
  blocks.forEach((b, i) => {
    if (i > 0) out.push({ text: '', line });
    line = appendBlock(b, typedIdAfter(blocks, i), out, line);
  });
  if (blocks.length > 0) out.push({ text: '', line });
}

/** A block's lines; returns the XML line its last line came from. */
function appendBlock(b: XBlock, typed: string | undefined, out: Lines, before: number): number {
  const push = (joined: string, line: number) => {
    for (const text of splitLines(joined)) out.push({ text, line });
    return line;
  };
  switch (b.type) {
    case 'para':
      return push(paraLine(b.unit, typed), b.unit.fact?.line ?? b.line);
    case 'quote': {
      const line = b.unit.fact?.line ?? b.line;
      for (const text of splitLines(paraLine(b.unit, typed)))
        out.push({ text: text === '' ? '>' : `> ${text}`, line });
      return line;
    }
    case 'fence': {
      const run = fenceRun(b.text);
      out.push({ text: `${run}${b.lang ?? ''}`, line: b.line });
      if (b.text !== '') push(`${b.text}\n`, b.line);
      out.push({ text: run, line: b.line });
      return b.line;
    }
    case 'list': {
      let line = before;
      b.items.forEach((item, j) => {
        line = push(itemLine(item, j, b.ordered, typed), item.fact?.line ?? item.line);
      });
      return line;
    }
    case 'table': {
      const width = b.rows[0]?.length ?? 1;
      b.rows.forEach((row, ri) => {
        const line = row[0]?.line ?? b.line;
        if (ri === 1) out.push({ text: `| ${'--- | '.repeat(Math.max(0, width - 1))}--- |`, line });
        out.push({ text: `|${row.map((cell) => ` ${paraLine(cell, undefined)} |`).join('')}`, line });
      });
      return b.rows[b.rows.length - 1]?.[0]?.line ?? b.line;
    }
  }
}

/** Rust's `str::lines`: split on `\n` (a `\r` before it dropped), no last empty line for a final break. */
function splitLines(text: string): string[] {
  if (text === '') return [];
  const parts = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  if (text.endsWith('\n')) parts.pop();
  return parts;
}

/** A paragraph unit's line: `[@fact[/code]:ID ]text[ status]`. */
function paraLine(u: XUnit, typed: string | undefined): string {
  return [factPrefix(u, typed), u.text === '' ? undefined : u.text, statusOf(u)]
    .filter((p) => p !== undefined)
    .join(' ');
}

/** A list item's line: the marker, a task box if the text opens with one, then the unit. */
function itemLine(u: XUnit, index: number, ordered: boolean, typed: string | undefined): string {
  const marker = ordered ? `${index + 1}. ` : '- ';
  const box = /^\[[ xX]\](?:[ \t]+|$)/.exec(u.text)?.[0] ?? '';
  const rest = u.text.slice(box.length);
  const body = [factPrefix(u, typed), rest === '' ? undefined : rest, statusOf(u)]
    .filter((p) => p !== undefined)
    .join(' ');
  return `${marker}${box}${body}`;
}

/** vibevm's `heading` of a fact unit: its text and status suffix. */
function unitBody(u: XUnit): string {
  return [u.text === '' ? undefined : u.text, statusOf(u)].filter((p) => p !== undefined).join(' ');
}

function factPrefix(u: XUnit, typed: string | undefined): string | undefined {
  const id = u.fact?.id;
  if (id === undefined) return undefined;
  return id === typed ? `@fact/code:${id}` : `@fact:${id}`;
}

function statusOf(u: XUnit): string | undefined {
  const st = u.fact?.status;
  return st === undefined ? undefined : statusSuffix(st);
}

/** The id the block after `i` binds its fence to: that fact alone is spelled `@fact/code:`. */
function typedIdAfter(blocks: readonly XBlock[], i: number): string | undefined {
  const next = blocks[i + 1];
  return next?.type === 'fence' ? next.fact : undefined;
}

function statusSuffix(st: XStatus): string {
  const plain =
    st.action === undefined &&
    st.actionstage === undefined &&
    st.audience.length === 0 &&
    st.comment === undefined &&
    st.ref === undefined;
  return plain ? `@status:${st.stage}/${st.state}` : statusElementLine(st);
}

/** The `<status …/>` element, its attributes in vibevm's fixed order. */
function statusElementLine(st: XStatus): string {
  let out = `<status stage="${st.stage}" state="${st.state}"`;
  if (st.action !== undefined) out += ` action="${st.action}"`;
  if (st.actionstage !== undefined) out += ` actionstage="${st.actionstage}"`;
  if (st.audience.length > 0) out += ` audience="${st.audience.join(',')}"`;
  if (st.comment !== undefined) out += ` comment="${st.comment}"`;
  if (st.ref !== undefined) out += ` ref="${st.ref}"`;
  return `${out}/>`;
}

/** Three backticks, or one more than the longest backtick run in the text. */
function fenceRun(text: string): string {
  let longest = 0;
  for (const line of splitLines(text)) {
    for (const run of line.trimStart().match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  }
  return '`'.repeat(Math.max(3, longest + 1));
}
