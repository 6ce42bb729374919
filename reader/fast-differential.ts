/**
 * The fast reader held to remark: both block readings of one text, put in
 * a comparable form (what the reading in reader/index.ts uses of each block,
 * nothing else), and compared. Shared by the differential tests and
 * bench/parse.ts's differential count.
 */
import { fastBlocks } from './fast-blocks.ts';
import { InlineUnsure } from './fast-inline.ts';
import { parseSpec, parseSpecWithRemark, preparedText } from './index.ts';
// The differential holds the fast reader to remark's reading: it always has the parser.
import './markdown.ts';
import { type Block, type BlockReading, remarkBlocks } from './units.ts';

/** Masked ranges as the scanner sees them: their union, merged. */
function union(masks: ReadonlyArray<[number, number]>): Array<[number, number]> {
  const sorted = [...masks].filter(([s, e]) => s < e).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Array<[number, number]> = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

function describeBlock(block: Block, text: string): unknown {
  switch (block.kind) {
    case 'unit': {
      const inline = block.inline();
      return {
        kind: 'unit',
        type: block.type,
        start: block.start,
        end: block.end,
        quoteDepth: block.quoteDepth,
        masks: union(inline.masks),
        codes: inline.codes,
        references: inline.references,
        ...(block.tableContext ? { table: block.tableContext() } : {}),
      };
    }
    case 'heading':
      return {
        kind: 'heading',
        depth: block.depth,
        start: block.start,
        end: block.end,
        content: block.content,
      };
    case 'html':
      return {
        kind: 'html',
        value: block.value,
        start: block.start,
        end: block.end,
        quoteDepth: block.quoteDepth,
      };
    case 'code': {
      const fenced = /^(```|~~~)/.test(text.slice(block.start, block.end));
      return {
        kind: 'code',
        start: block.start,
        end: block.end,
        ...(fenced ? { lang: block.lang, value: block.value, endLine: block.endLine } : {}),
      };
    }
    default:
      return { kind: 'other' };
  }
}

export function describeReading(reading: BlockReading, text: string): unknown[] {
  return reading.blocks.map((block) => describeBlock(block, text));
}

export type Verdict =
  | { sure: false; why: string }
  | { sure: true; same: true }
  | { sure: true; same: false; fast: unknown[]; remark: unknown[] };

/** Both block readings of `source` (prepared as the reader prepares it), compared. */
export function compareBlocks(source: string): Verdict {
  const { text } = preparedText(source);
  let why = '';
  const fast = fastBlocks(text, (reason, line) => {
    why = `line ${line}: ${reason}`;
  });
  if (!fast) return { sure: false, why };
  let described: unknown[];
  try {
    described = describeReading(fast, text);
  } catch (error) {
    // A unit that holds no tag has its inline facts read only here; unsure there is unsure.
    if (error instanceof InlineUnsure) return { sure: false, why: `inline: ${error.message}` };
    throw error;
  }
  const reference = describeReading(remarkBlocks(text), text);
  const same = JSON.stringify(described) === JSON.stringify(reference);
  return same ? { sure: true, same } : { sure: true, same, fast: described, remark: reference };
}

/** Whether both readers give the same SpecDocument, byte for byte (as JSON). */
export function sameDocument(source: string, file = 'spec.md'): boolean {
  const options = { file, doc: 'spec' };
  return JSON.stringify(parseSpec(source, options)) === JSON.stringify(parseSpecWithRemark(source, options));
}
