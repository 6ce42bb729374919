/**
 * Building blocks of a SpecDocument: a heading's section, a unit's fact, its
 * kind line and its bound fence. parseSpec (index.ts) drives them in order.
 */
import type { Issue } from './issues.ts';
import type { Fact, KindLine, Section, Status } from './model.ts';
import type { LineIndex } from './positions.ts';
import type { ScannedUnit } from './scan.ts';
import { headingName, VALID_ANCHOR_ID } from './slug.ts';
import { digestOf, factClassOf, parseKindLine } from './text.ts';
import type { Block, HeadingBlock, UnitBlock } from './units.ts';

/** Status of a fact nobody has marked anywhere: specified, and still being worked on. */
export const DEFAULT_STATUS: Status = { stage: 'spec', state: 'work', origin: 'default' };

export function headingSection(
  text: string,
  block: HeadingBlock,
  lines: LineIndex,
  report: (issue: Issue) => void,
  claim: (id: string, offset: number, token: string) => boolean,
): Section {
  const start = block.content?.[0] ?? block.start;
  const raw = block.content ? text.slice(block.content[0], block.content[1]) : '';
  const { title, anchor, written } = headingName(raw);
  const line = lines.line(block.start);
  let explicitAnchor = false;
  if (written) {
    const { id } = written;
    const offset = start + written.index;
    if (!VALID_ANCHOR_ID.test(id)) {
      report({
        code: 'empty-id',
        offset,
        token: `{#${id}}`,
        message:
          id === '' ? 'heading anchor `{#}` has no id' : `heading anchor \`{#${id}}\` is not a valid id`,
        fix: 'write `{#some-anchor}`: a letter, then letters, digits, `_` or `-`',
      });
    } else {
      explicitAnchor = true;
      claim(id, offset, `{#${id}}`);
    }
  }
  return { anchor, explicitAnchor, title, depth: block.depth, line, factIds: [] };
}

export function buildFact(
  scanned: ScannedUnit,
  block: UnitBlock,
  codes: string[],
  lines: LineIndex,
  where: { file: string; doc: string },
  stack: Section[],
): Fact {
  const anchor = scanned.anchor!;
  const at = lines.place(anchor.offset);
  const kindLine = kindLineOf(scanned.text, codes);
  const fact: Fact = {
    id: anchor.id,
    doc: where.doc,
    address: `${where.doc}#${anchor.id}`,
    file: where.file,
    line: at.line,
    column: at.column,
    endLine: lines.line(Math.max(block.end - 1, block.start)),
    factClass: factClassOf(anchor.id),
    unit: block.type,
    status: DEFAULT_STATUS,
    text: scanned.text,
    digest: digestOf(scanned.text),
    codes,
  };
  if (scanned.label) fact.label = scanned.label;
  if (scanned.requires) fact.requires = scanned.requires;
  if (scanned.links) {
    fact.links = scanned.links.map(({ offset, ...link }) => ({ ...link, ...lines.place(offset) }));
  }
  if (scanned.attributes) {
    fact.attributes = scanned.attributes.map(({ offset, ...attr }) => ({ ...attr, ...lines.place(offset) }));
  }
  if (stack.length > 0) fact.section = stack[stack.length - 1]!.anchor;
  if (scanned.statusAt !== undefined) {
    const marked = lines.line(scanned.statusAt);
    if (marked !== at.line) fact.statusLine = marked;
  }
  if (kindLine) fact.kindLine = kindLine;
  if (scanned.fragments.length > 0) {
    fact.fragments = scanned.fragments.map((f) => ({
      text: f.text,
      ...lines.place(f.offset),
      ...(f.status ? { status: { ...f.status, origin: 'own' as const } } : {}),
    }));
  }
  return fact;
}

// @implements reader#READ-KIND-LINES
function kindLineOf(text: string, codes: string[]): KindLine | undefined {
  if (codes.length !== 1 || !text.startsWith('`') || !text.endsWith('`')) return undefined;
  if (text.replace(/`/g, '').trim() !== codes[0]!.trim()) return undefined;
  return parseKindLine(codes[0]!);
}

/** `@fact/code:` takes the next block, which must be a fence (blank lines between are fine). */
// @implements reader#READ-TYPED-CODE
export function bindFence(
  fact: Fact,
  text: string,
  blocks: Block[],
  b: number,
  offset: number,
  report: (issue: Issue) => void,
): void {
  const unit = blocks[b] as UnitBlock;
  const next = blocks[b + 1];
  // An indented code block is not a fence: only ``` or ~~~ bind.
  const fenced =
    next?.kind === 'code' && next.start >= unit.end && /^(```|~~~)/.test(text.slice(next.start, next.end));
  if (next?.kind !== 'code' || !fenced) {
    report({
      code: 'typed-anchor-without-fence',
      offset,
      token: `@fact/code:${fact.id}`,
      message: `\`@fact/code:${fact.id}\` has no fenced code block right below it`,
      fix: 'put the fenced block (```…```) directly after this unit, or use `@fact:` for a fact without code',
    });
    return;
  }
  const lang = next.lang;
  // The digest is over LF text: a CRLF checkout of the spec keeps its pins.
  // @implements generator#CODE-FACT-DIGEST-OVER-LF
  const value = next.value.replace(/\r\n?/g, '\n');
  fact.code = { ...(lang ? { lang } : {}), value };
  fact.text = `${fact.text}\n\`\`\`${lang ?? ''}\n${value}\n\`\`\``;
  fact.digest = digestOf(fact.text);
  fact.endLine = next.endLine || fact.endLine;
}
