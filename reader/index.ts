/**
 * The spec reader: Markdown text in, SpecDocument out. Pure (no fs), one
 * remark parse, one walk; every problem is collected as a Diagnostic.
 */
import { looksLikeAliasLine, parseAliasLine } from './aliases.ts';
import { boundNesting } from './bounds.ts';
import { bindFence, buildFact, DEFAULT_STATUS, headingSection } from './build.ts';
import { fastBlocks } from './fast-blocks.ts';
import { frontMatterEnd } from './front-matter.ts';
import type { Issue } from './issues.ts';
import { anchorInHeading, anchorInHtml } from './look-alike.ts';
import type { Fact, Section, SpecDocument, Status } from './model.ts';
import { normativeServiceUnit } from './normative-service.ts';
import { LineIndex } from './positions.ts';
import { type ScannedUnit, scanUnit } from './scan.ts';
import type { MarkerStatus } from './status-values.ts';
import { digestOf, leadKindLine } from './text.ts';
import {
  type Block,
  type BlockReading,
  type HeadingBlock,
  type InlineFacts,
  remarkBlocks,
  type UnitBlock,
} from './units.ts';

export type { Diagnostic, Fact, Section, SpecDocument, SpecSet, Status } from './model.ts';

export interface ParseOptions {
  /** Path shown in diagnostics and facts. */
  file: string;
  /** Document name, the `DOC` of `DOC#ID`. */
  doc: string;
}

/** Which block reader: `fast` (the scanner, remark where it is unsure) or `remark` (the reference). */
export type BlockReader = 'fast' | 'remark';

/**
 * YAML front matter is never a unit: blank it (keeping offsets and line
 * numbers) so remark does not read its `---` as a rule or setext heading.
 */
function blankFrontMatter(source: string): string {
  const end = frontMatterEnd(source);
  return end === 0 ? source : source.slice(0, end).replace(/[^\n]/g, ' ') + source.slice(end);
}

const MAY_HOLD_TAG = /[@#<]/;
/** An HTML block's inline facts: it has no inline content. */
const NO_INLINE: InlineFacts = { masks: [], codes: [], references: [] };

interface PendingFact {
  fact: Fact;
  own: MarkerStatus | undefined;
  chain: Section[];
}

type MarkerBlock = Extract<Block, { kind: 'unit' | 'html' }>;

// @implements reader#READ-NEVER-THROWS
// @implements reader#READ-DIAGNOSTICS-COLLECTED
export function parseSpec(source: string, options: ParseOptions): SpecDocument {
  return readSpec(source, options, 'fast');
}

/** The reference reader: every block from remark's tree. The fast reader is held to it byte for byte. */
export function parseSpecWithRemark(source: string, options: ParseOptions): SpecDocument {
  return readSpec(source, options, 'remark');
}

/** The text both block readers see: LF line ends, no BOM, front matter blanked, nesting bounded. */
export function preparedText(source: string): { text: string; issues: Issue[] } {
  // A CRLF checkout reads as the LF one: same facts, same digests, same places (only line ends differ).
  // @implements reader#CRLF-GIVES-THE-LF-VERDICT
  const lf = source.includes('\r') ? source.replace(/\r\n?/g, '\n') : source;
  return boundNesting(blankFrontMatter(lf.replace(/^\uFEFF/, ' ')));
}

function readSpec(source: string, options: ParseOptions, reader: BlockReader): SpecDocument {
  const bounded = preparedText(source);
  const blocks = (reader === 'fast' && fastBlocks(bounded.text)) || remarkBlocks(bounded.text);
  const reading = new SpecReading(bounded.text, options, blocks);
  for (const issue of bounded.issues) reading.report(issue);
  for (let b = 0; b < reading.blocks.length; b++) {
    const block = reading.blocks[b]!;
    if (block.kind === 'heading') reading.heading(block);
    else if (block.kind === 'unit' || block.kind === 'html') reading.unit(block, b);
  }
  return reading.finish();
}

/** One pass over a spec's blocks: the sections open so far, the ids claimed, the facts awaiting roll-down. */
class SpecReading {
  readonly lines: LineIndex;
  readonly blocks: Block[];
  readonly result: SpecDocument;
  /** Link and footnote definitions, by identifier: a fact using one carries it in its digest. */
  private readonly definitions: Map<string, string>;
  private readonly ids = new Map<string, number>();
  /** Open sections, outermost first. */
  private readonly stack: Section[] = [];
  private readonly pending: PendingFact[] = [];
  /** A copy of `stack` for the facts read since the last heading (see chain). */
  private openChain: Section[] | undefined;
  private seenHeading = false;
  private documentMarkerLine: number | undefined;

  constructor(
    readonly text: string,
    readonly options: ParseOptions,
    read: BlockReading,
  ) {
    this.lines = new LineIndex(text);
    this.blocks = read.blocks;
    this.definitions = read.definitions;
    this.result = { doc: options.doc, file: options.file, facts: [], sections: [], diagnostics: [] };
    let newlines = 0;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) newlines++;
    this.result.lineCount = text === '' ? 0 : text.endsWith('\n') ? newlines : newlines + 1;
  }

  readonly report = (issue: Issue): void => {
    const { line, column } = this.lines.place(issue.offset);
    this.result.diagnostics.push({
      code: issue.code,
      severity: 'error',
      file: this.options.file,
      line,
      column,
      ...(issue.token !== undefined ? { token: issue.token } : {}),
      message: issue.message,
      ...(issue.fix !== undefined ? { fix: issue.fix } : {}),
    });
  };

  /** Claims an id for this document; a second claim is a `duplicate-id` naming both lines. */
  readonly claim = (id: string, offset: number, token: string): boolean => {
    const line = this.lines.line(offset);
    const prior = this.ids.get(id);
    if (prior !== undefined) {
      this.report({
        code: 'duplicate-id',
        offset,
        token,
        message: `duplicate id \`${id}\` (lines ${prior} and ${line}): already defined at ${this.options.file}:${prior}`,
        fix: 'rename one of them; fact ids and heading {#anchors} share one namespace per document',
      });
      return false;
    }
    this.ids.set(id, line);
    return true;
  };

  private get innermost(): Section | undefined {
    return this.stack[this.stack.length - 1];
  }

  heading(block: HeadingBlock): void {
    const source = this.text.slice(block.start, block.end);
    const swallowed = anchorInHeading(source, block.start, !/^\s*#/.test(source));
    if (swallowed) this.report(swallowed);
    const section = headingSection(this.text, block, this.lines, this.report, this.claim);
    const leadKind = leadKindLine(this.text, block.end);
    if (leadKind) section.leadKind = leadKind;
    while (this.stack.length > 0 && this.innermost!.depth >= section.depth) this.stack.pop();
    this.stack.push(section);
    this.openChain = undefined;
    this.result.sections.push(section);
    if (!this.seenHeading && section.depth === 1) this.result.title = section.title;
    this.seenHeading = true;
  }

  /** A unit (or an HTML block, which only matters as a standalone `<status>` marker). */
  unit(block: MarkerBlock, b: number): void {
    if (block.kind === 'html') {
      const hidden = anchorInHtml(block.value, block.start);
      if (hidden) {
        this.report(hidden);
        return;
      }
    }
    if (block.kind === 'html' && (block.value.startsWith('<!--') || !block.value.includes('<status'))) return;
    const raw = this.text.slice(block.start, block.end);
    if (
      block.kind === 'unit' &&
      block.type === 'paragraph' &&
      block.quoteDepth === 0 &&
      looksLikeAliasLine(raw)
    ) {
      this.aliasLine(raw, block.start);
      return;
    }
    // Every token and look-alike the scanner reads holds an `@`, `##` or `<status`: a unit
    // with none of `@`, `#`, `<` yields nothing, and its inline content need not be read.
    if (!MAY_HOLD_TAG.test(raw)) return;
    const masks: InlineFacts = block.kind === 'unit' ? block.inline() : NO_INLINE;
    const scanned = scanUnit({
      raw,
      base: block.start,
      masks: masks.masks,
      quoteDepth: block.quoteDepth,
    });
    // An HTML block is never a unit: it only matters as a standalone marker.
    if (block.kind === 'html' && (scanned.text !== '' || scanned.anchor)) return;
    for (const issue of scanned.issues) this.report(issue);
    if (!scanned.anchor) {
      this.linksWithoutAnchor(scanned);
      if (scanned.markers === 0) return;
      if (scanned.text === '' && !scanned.label) this.standaloneMarker(block, b, scanned);
      else this.markedUnitWithoutAnchor(block, scanned);
      return;
    }
    if (block.kind === 'unit') this.fact(block, b, scanned, masks.codes, masks.references);
  }

  /**
   * `@aliases:DOC,…` in the preamble (after the title, before any other
   * heading) records the documents this one absorbed; anywhere else, or
   * malformed, it would silently stop old addresses resolving, so it is an error.
   */
  // @implements reader#ALIASES-LINE
  private aliasLine(raw: string, offset: number): void {
    const inPreamble =
      this.result.sections.length === 0 ||
      (this.result.sections.length === 1 && this.result.sections[0]!.depth === 1);
    const names = parseAliasLine(raw);
    if (inPreamble && names !== undefined && this.result.aliases === undefined) {
      this.result.aliases = names;
      return;
    }
    this.report({
      code: 'stranded-marker',
      offset,
      token: raw.trim().split(/\s/)[0] ?? '@aliases:',
      message:
        names === undefined
          ? 'an `@aliases:` line names documents as `@aliases:DOC[,DOC…]` (document names, separated by commas)'
          : inPreamble
            ? 'a second `@aliases:` line (a document has one)'
            : 'an `@aliases:` line here names nothing: only in the preamble, after the title and before any other heading, does it stand',
      fix: 'write one line `@aliases:old-doc,other-doc` right under the document title',
    });
  }

  /** A marker alone in its unit marks the document, the section above, or nothing (stranded). */
  private standaloneMarker(block: MarkerBlock, b: number, scanned: ScannedUnit): void {
    const prev = this.blocks[b - 1];
    const afterHeading = prev?.kind === 'heading';
    const firstH1 = afterHeading && this.result.sections.length === 1 && prev.depth === 1;
    if (!this.seenHeading || firstH1) {
      if (this.documentMarkerLine === undefined) {
        this.documentMarkerLine = this.lines.line(block.start);
        if (scanned.status) {
          this.result.status = { ...scanned.status, origin: 'document' };
          this.result.markerLine = this.lines.line(scanned.statusAt ?? block.start);
        }
        return;
      }
    } else if (afterHeading) {
      const section = this.innermost!;
      if (scanned.status) {
        section.status = { ...scanned.status, origin: 'section' };
        section.markerLine = this.lines.line(scanned.statusAt ?? block.start);
      }
      return;
    }
    this.report({
      code: 'stranded-marker',
      offset: scanned.firstMarker ?? block.start,
      token: scanned.firstMarkerToken ?? '',
      message:
        this.documentMarkerLine !== undefined && !this.seenHeading
          ? `a second document marker (the first is at line ${this.documentMarkerLine})`
          : 'a standalone marker here marks nothing: only right after a heading (or in the preamble) does a marker stand alone',
      fix: 'move it right under a heading to mark that section, or into the unit it describes (then give the unit a `@fact:` anchor)',
    });
  }

  /** A link or attribute belongs to a fact: on a unit with no anchor it would be lost without a word. */
  // @implements chains#LINK-NEEDS-A-FACT
  private linksWithoutAnchor(scanned: ScannedUnit): void {
    if (scanned.anchorAttempted) return;
    const link = scanned.links?.[0];
    const attribute = scanned.attributes?.[0];
    if (link === undefined && attribute === undefined) return;
    const offset = link?.offset ?? attribute!.offset;
    this.report({
      code: link ? 'malformed-link' : 'malformed-attribute',
      offset,
      token: link ? link.target : `@attr:${attribute!.key}`,
      message: `this unit has no \`@fact:\` anchor, so the ${link ? 'link' : 'attribute'} belongs to no fact and is lost`,
      fix: 'start the unit with `@fact:SOME-ID`, or move the tag into the fact it describes',
    });
  }

  private markedUnitWithoutAnchor(block: MarkerBlock, scanned: ScannedUnit): void {
    if ((block.kind === 'unit' && block.type === 'tableCell') || scanned.anchorAttempted) return;
    this.report({
      code: 'marked-unit-without-anchor',
      offset: scanned.firstMarker ?? block.start,
      token: scanned.firstMarkerToken ?? '',
      message: 'this unit carries a status marker but no `@fact:` anchor',
      fix: 'start the unit with `@fact:SOME-ID` (UPPER-SLUG for a normative fact, kebab-case for a service unit), or remove the marker',
    });
  }

  /** An anchored unit becomes a fact of the innermost open section; its status rolls down at the end. */
  private fact(
    block: UnitBlock,
    b: number,
    scanned: ScannedUnit,
    codes: InlineFacts['codes'],
    references: readonly string[],
  ): void {
    const anchor = scanned.anchor!;
    if (!this.claim(anchor.id, anchor.offset, anchor.token)) return;
    const { file, doc } = this.options;
    const fact = buildFact(scanned, block, codes, this.lines, { file, doc }, this.stack);
    if (anchor.type === 'code') bindFence(fact, this.text, this.blocks, b, anchor.offset, this.report);
    const context = this.meaningContext(block, references);
    if (context !== '') fact.digest = digestOf(`${fact.text}\n${context}`);
    const section = this.innermost;
    if (fact.kindLine && section) section.kindLine = fact.kindLine;
    if (section) section.factIds.push(fact.id);
    this.result.facts.push(fact);
    this.pending.push({ fact, own: scanned.status, chain: this.chain() });
  }

  /** The open sections as they stand, one copy shared by every fact until the next heading. */
  private chain(): Section[] {
    this.openChain ??= this.stack.slice();
    return this.openChain;
  }

  /**
   * What else a unit's meaning rests on: a table cell's header and alignment
   * rows, the reference-link definitions and footnotes it uses. Empty for a
   * unit that uses none, so its digest stays the sha256 of its text.
   */
  // @implements reader#DIGEST-COVERS-MEANING
  private meaningContext(block: UnitBlock, references: readonly string[]): string {
    if (!block.tableContext && references.length === 0) return '';
    const parts: string[] = [];
    if (block.tableContext) parts.push(block.tableContext());
    const seen = new Set<string>();
    for (const ref of references) {
      if (seen.has(ref)) continue;
      seen.add(ref);
      const definition = this.definitions.get(ref);
      if (definition !== undefined) parts.push(definition);
    }
    return parts.join('\n');
  }

  /** Roll-down runs last: a preamble marker may follow the facts it covers. */
  finish(): SpecDocument {
    for (const { fact, own, chain } of this.pending)
      fact.status = effectiveStatus(own, chain, this.result.status);
    for (const { fact } of this.pending) {
      const warning = normativeServiceUnit(fact);
      if (warning) this.result.diagnostics.push(warning);
    }
    this.result.diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
    return this.result;
  }
}

// @implements reader#READ-ROLL-DOWN
function effectiveStatus(
  own: MarkerStatus | undefined,
  chain: Section[],
  docStatus: Status | undefined,
): Status {
  if (own) return { ...own, origin: 'own' };
  for (let i = chain.length - 1; i >= 0; i--) {
    const s = chain[i]!.status;
    if (s) return { ...s, origin: 'section' };
  }
  if (docStatus) return { ...docStatus, origin: 'document' };
  return { ...DEFAULT_STATUS };
}
