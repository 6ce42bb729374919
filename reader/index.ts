/**
 * The spec reader: Markdown text in, SpecDocument out. Pure (no fs), one
 * remark parse, one walk; every problem is collected as a Diagnostic.
 */
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { bindFence, buildFact, DEFAULT_STATUS, headingSection } from './build.ts';
import type { Issue } from './issues.ts';
import type { Diagnostic, Fact, Section, SpecDocument, Status } from './model.ts';
import { normativeServiceUnit } from './normative-service.ts';
import { LineIndex } from './positions.ts';
import { scanUnit } from './scan.ts';
import type { MarkerStatus } from './status-values.ts';
import { collectBlocks, inlineMasks } from './units.ts';

export type { Diagnostic, Fact, Section, SpecDocument, SpecSet, Status } from './model.ts';

export interface ParseOptions {
  /** Path shown in diagnostics and facts. */
  file: string;
  /** Document name, the `DOC` of `DOC#ID`. */
  doc: string;
}

const processor = unified().use(remarkParse).use(remarkGfm);

/**
 * YAML front matter is never a unit: blank it (keeping offsets and line
 * numbers) so remark does not read its `---` as a rule or setext heading.
 */
function blankFrontMatter(source: string): string {
  const open = /^---[ \t]*\r?\n/.exec(source);
  if (!open) return source;
  const close = /^(?:---|\.\.\.)[ \t]*\r?$/m;
  const rest = source.slice(open[0].length);
  const m = close.exec(rest);
  if (!m) return source;
  const end = open[0].length + m.index + m[0].length;
  return source.slice(0, end).replace(/[^\n]/g, ' ') + source.slice(end);
}

interface PendingFact {
  fact: Fact;
  own?: MarkerStatus;
  chain: Section[];
}

// @implements factline#READ-NEVER-THROWS
// @implements factline#READ-DIAGNOSTICS-COLLECTED
export function parseSpec(source: string, options: ParseOptions): SpecDocument {
  const { file, doc } = options;
  const text = blankFrontMatter(source.replace(/^\uFEFF/, ' '));
  const tree = processor.parse(text) as Root;
  const lines = new LineIndex(text);
  const blocks = collectBlocks(tree);
  const diagnostics: Diagnostic[] = [];
  const report = (issue: Issue): void => {
    const { line, column } = lines.place(issue.offset);
    diagnostics.push({
      code: issue.code,
      severity: 'error',
      file,
      line,
      column,
      ...(issue.token !== undefined ? { token: issue.token } : {}),
      message: issue.message,
      ...(issue.fix !== undefined ? { fix: issue.fix } : {}),
    });
  };

  const result: SpecDocument = { doc, file, facts: [], sections: [], diagnostics };
  const ids = new Map<string, number>();
  const claim = (id: string, offset: number, token: string): boolean => {
    const line = lines.place(offset).line;
    const prior = ids.get(id);
    if (prior !== undefined) {
      report({
        code: 'duplicate-id',
        offset,
        token,
        message: `duplicate id \`${id}\` (lines ${prior} and ${line}): already defined at ${file}:${prior}`,
        fix: 'rename one of them; fact ids and heading {#anchors} share one namespace per document',
      });
      return false;
    }
    ids.set(id, line);
    return true;
  };

  const stack: Section[] = [];
  const pending: PendingFact[] = [];
  let seenHeading = false;
  let documentMarkerLine: number | undefined;

  for (let b = 0; b < blocks.length; b++) {
    const block = blocks[b]!;
    if (block.kind === 'heading') {
      const section = headingSection(text, block, lines, report, claim);
      while (stack.length > 0 && stack[stack.length - 1]!.depth >= section.depth) stack.pop();
      stack.push(section);
      result.sections.push(section);
      if (!seenHeading && section.depth === 1) result.title = section.title;
      seenHeading = true;
      continue;
    }
    if (block.kind !== 'unit' && block.kind !== 'html') continue;
    if (
      block.kind === 'html' &&
      (block.node.value.startsWith('<!--') || !block.node.value.includes('<status'))
    )
      continue;
    const masks = block.kind === 'unit' ? inlineMasks(block.node) : { masks: [], codes: [] };
    const scanned = scanUnit({
      raw: text.slice(block.start, block.end),
      base: block.start,
      masks: masks.masks,
      quoteDepth: block.quoteDepth,
    });
    // An HTML block is never a unit: it only matters as a standalone marker.
    if (block.kind === 'html' && (scanned.text !== '' || scanned.anchor)) continue;
    for (const issue of scanned.issues) report(issue);

    if (!scanned.anchor) {
      if (scanned.markers === 0) continue;
      if (scanned.text === '' && !scanned.label) {
        // A standalone marker: document, section, or stranded.
        const prev = blocks[b - 1];
        const afterHeading = prev?.kind === 'heading';
        const firstH1 = afterHeading && result.sections.length === 1 && prev.node.depth === 1;
        if (!seenHeading || firstH1) {
          if (documentMarkerLine === undefined) {
            documentMarkerLine = lines.place(block.start).line;
            if (scanned.status) result.status = { ...scanned.status, origin: 'document' };
            continue;
          }
        } else if (afterHeading) {
          const section = stack[stack.length - 1]!;
          if (scanned.status) section.status = { ...scanned.status, origin: 'section' };
          continue;
        }
        report({
          code: 'stranded-marker',
          offset: scanned.firstMarker ?? block.start,
          token: scanned.firstMarkerToken ?? '',
          message:
            documentMarkerLine !== undefined && !seenHeading
              ? `a second document marker (the first is at line ${documentMarkerLine})`
              : 'a standalone marker here marks nothing: only right after a heading (or in the preamble) does a marker stand alone',
          fix: 'move it right under a heading to mark that section, or into the unit it describes (then give the unit a `@fact:` anchor)',
        });
        continue;
      }
      if ((block.kind === 'unit' && block.type === 'tableCell') || scanned.anchorAttempted) continue;
      report({
        code: 'marked-unit-without-anchor',
        offset: scanned.firstMarker ?? block.start,
        token: scanned.firstMarkerToken ?? '',
        message: 'this unit carries a status marker but no `@fact:` anchor',
        fix: 'start the unit with `@fact:SOME-ID` (UPPER-SLUG for a normative fact, kebab-case for a service unit), or remove the marker',
      });
      continue;
    }
    if (block.kind !== 'unit') continue;
    const anchor = scanned.anchor;
    if (!claim(anchor.id, anchor.offset, anchor.token)) continue;
    const fact = buildFact(scanned, block, masks.codes, lines, { file, doc }, stack);
    if (anchor.type === 'code') bindFence(fact, text, blocks, b, anchor.offset, report);
    if (fact.kindLine && stack.length > 0) stack[stack.length - 1]!.kindLine = fact.kindLine;
    if (stack.length > 0) stack[stack.length - 1]!.factIds.push(fact.id);
    result.facts.push(fact);
    pending.push({ fact, chain: [...stack], ...(scanned.status ? { own: scanned.status } : {}) });
  }

  // Roll-down runs last: a preamble marker may follow the facts it covers.
  for (const { fact, own, chain } of pending) fact.status = effectiveStatus(own, chain, result.status);
  for (const { fact } of pending) {
    const warning = normativeServiceUnit(fact);
    if (warning) diagnostics.push(warning);
  }
  diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
  return result;
}

// @implements factline#READ-ROLL-DOWN
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
