/**
 * Where a citation's pin stands in its file's bytes, for each form a pin
 * takes: `~PIN` inside the reference (comments, and any carrier's string),
 * `r = N` in a Rust attribute, ` rN` after a JSDoc `@spec` address. Edits
 * change only the pin's own bytes, so whatever the file holds elsewhere
 * (invalid UTF-8, CRLF, a BOM) stays byte for byte. An edit that cannot be
 * placed is returned with the reason, never counted as done.
 */
import type { JudgedCitation } from '../checks/model.ts';

/**
 * Where a pin stands: a citation, or a link on a fact (`@refines:ADDRESS~PIN`
 * in a spec, `link` set), placed at its reference's line and column.
 */
export type PinSite = Pick<JudgedCitation, 'file' | 'line' | 'column' | 'ref' | 'doc' | 'resolved'> & {
  link?: true;
};

export interface PinEdit {
  citation: PinSite;
  /** The pin as written now; absent when the citation has none (`pin --add`). */
  from?: string;
  /** The new pin; with `moveTo`, the new address (for messages). */
  to: string;
  /** `pin --moved`: the document the reference should name instead of the one written. */
  moveTo?: string;
}

export interface PinPlan {
  next: Buffer;
  applied: PinEdit[];
  refused: { edit: PinEdit; why: string }[];
}

interface Replacement {
  at: number;
  length: number;
  bytes: Buffer;
  edit: PinEdit;
}

/** How far past the citation's start its reference may stand (a Rust attribute over several lines). */
const REACH = 4096;

/** Byte offset of (line, column) with the column counted in characters of the decoded line. */
function offsetOf(source: Buffer, lineStarts: number[], line: number, column: number): number | undefined {
  const i = line - 1;
  if (i < 0 || i >= lineStarts.length) return undefined;
  const start = lineStarts[i]!;
  const end = i + 1 < lineStarts.length ? lineStarts[i + 1]! : source.length;
  const decoded = source.subarray(start, end).toString('utf8');
  return start + Buffer.byteLength(decoded.slice(0, Math.max(0, column - 1)), 'utf8');
}

/** The reference's first occurrence at or after the citation's start. */
function findRef(source: Buffer, from: number, ref: string): number {
  const at = source.indexOf(Buffer.from(ref, 'utf8'), from);
  return at === -1 || at - from > REACH ? -1 : at;
}

function place(source: Buffer, lineStarts: number[], edit: PinEdit): Replacement | string {
  const c = edit.citation;
  const start = offsetOf(source, lineStarts, c.line, c.column);
  if (start === undefined) return 'its line is not in the file any more';
  const at = findRef(source, start, c.ref);
  if (at === -1) return `its reference \`${c.ref}\` is not where the scan found it`;
  const refEnd = at + Buffer.byteLength(c.ref, 'utf8');
  const bytes = (text: string) => Buffer.from(text, 'utf8');
  if (edit.moveTo !== undefined) {
    // The document part leads the reference (`green#ID~PIN`): only its bytes change.
    if (c.doc === undefined || !c.ref.startsWith(`${c.doc}#`))
      return 'its reference does not start with its document';
    return { at, length: Buffer.byteLength(c.doc, 'utf8'), bytes: bytes(edit.moveTo), edit };
  }
  if (edit.from === undefined) return { at: refEnd, length: 0, bytes: bytes(`~${edit.to}`), edit };
  // `~PIN` written inside the reference.
  const tilde = c.ref.toLowerCase().lastIndexOf(`~${edit.from.toLowerCase()}`);
  if (tilde !== -1 && tilde + 1 + edit.from.length === c.ref.length) {
    return {
      at: at + Buffer.byteLength(c.ref.slice(0, tilde), 'utf8'),
      length: 1 + edit.from.length,
      bytes: bytes(`~${edit.to}`),
      edit,
    };
  }
  const revision = /^r(\d+)$/.exec(edit.from);
  const next = /^r(\d+)$/.exec(edit.to);
  if (!revision) return `its pin ~${edit.from} is not written in a form pin knows`;
  if (!next) {
    return `its revision pin r${revision[1]} would become the digest pin ~${edit.to}, which this carrier writes as \`${c.ref}~${edit.to}\` in place of the revision`;
  }
  // Rust: `r = N` among the attribute's arguments, before its closing `)]`.
  if (c.file.endsWith('.rs')) {
    const close = source.indexOf(bytes(')]'), refEnd);
    const span = source
      .subarray(start, close === -1 ? Math.min(source.length, refEnd + REACH) : close)
      .toString('latin1');
    const found = [...span.matchAll(/\br\s*=\s*(\d+)/g)].filter((m) => m[1] === revision[1]);
    if (found.length !== 1) return `its attribute does not hold exactly one \`r = ${revision[1]}\``;
    const m = found[0]!;
    const digits = start + m.index! + m[0].length - m[1]!.length;
    return { at: digits, length: m[1]!.length, bytes: bytes(next[1]!), edit };
  }
  // JSDoc: `@spec VERB ADDRESS rN`.
  const after = source.subarray(refEnd, refEnd + 64).toString('latin1');
  const m = /^[ \t]+r(\d+)(?![\w])/.exec(after);
  if (!m || m[1] !== revision[1]) return `no \`r${revision[1]}\` follows its address`;
  return { at: refEnd + m[0].length - m[1]!.length, length: m[1]!.length, bytes: bytes(next[1]!), edit };
}

// @implements trace#PIN-EVERY-FORM
// @implements engine#PIN-EDITS-BYTES-IN-PLACE
export function planPins(bytes: Uint8Array, edits: PinEdit[]): PinPlan {
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lineStarts = [0];
  for (let i = source.indexOf(10); i !== -1; i = source.indexOf(10, i + 1)) lineStarts.push(i + 1);
  const placed: Replacement[] = [];
  const refused: PinPlan['refused'] = [];
  for (const edit of edits) {
    const where = place(source, lineStarts, edit);
    if (typeof where === 'string') refused.push({ edit, why: where });
    else placed.push(where);
  }
  placed.sort((x, y) => x.at - y.at);
  const parts: Buffer[] = [];
  const applied: PinEdit[] = [];
  let done = 0;
  for (const r of placed) {
    if (r.at < done) {
      refused.push({ edit: r.edit, why: 'another pin edit overlaps it' });
      continue;
    }
    parts.push(source.subarray(done, r.at), r.bytes);
    done = r.at + r.length;
    applied.push(r.edit);
  }
  parts.push(source.subarray(done));
  return { next: Buffer.concat(parts), applied, refused };
}
