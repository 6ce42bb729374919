/**
 * `factline pin [REF…]` in the engine: after a reviewer has checked the code
 * against a changed fact, the stale pins of resolved facts are re-stamped
 * with the fact's current digest (or kind revision), in place.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Citation, TraceResult } from '../checks/model.ts';
import { currentPin, indexFacts } from '../checks/resolve.ts';
import { UsageError } from './errors.ts';
import { checkTarget, removeStaleTemps, WriteError, writeFileAtomic } from './files/atomic-write.ts';
import type { Project } from './project.ts';
import { resolveArgument } from './ref-argument.ts';
import type { LoadedSpecs } from './specs.ts';

export interface PinEdit {
  citation: Citation;
  from: string;
  to: string;
}

/**
 * Applies the edits to one file's bytes, in place: only the pin's own bytes
 * change, so anything the file holds elsewhere (invalid UTF-8, CRLF, a BOM)
 * stays byte for byte. Each citation's ref is found from its column on its line.
 */
// @implements trust#PIN-EDITS-BYTES-IN-PLACE
export function applyPins(bytes: Uint8Array, edits: PinEdit[]): Buffer {
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lineStarts = [0];
  for (let i = source.indexOf(10); i !== -1; i = source.indexOf(10, i + 1)) lineStarts.push(i + 1);
  const replacements: { at: number; length: number; bytes: Buffer }[] = [];
  for (const e of edits) {
    const i = e.citation.line - 1;
    if (i >= lineStarts.length) continue;
    const start = lineStarts[i]!;
    const end = i + 1 < lineStarts.length ? lineStarts[i + 1]! - 1 : source.length;
    const line = source.subarray(start, end);
    const ref = e.citation.ref;
    // The column counts characters of the decoded line: count the ref's
    // occurrences before it there, then take that occurrence in the bytes.
    const decoded = line.toString('utf8');
    let nth = 0;
    for (let p = decoded.indexOf(ref); p !== -1 && p < e.citation.column - 1; p = decoded.indexOf(ref, p + 1))
      nth++;
    const refBytes = Buffer.from(ref, 'utf8');
    let at = -1;
    for (let k = 0, from = 0; k <= nth; k++, from = at + 1) {
      at = line.indexOf(refBytes, from);
      if (at === -1) break;
    }
    const pinIndex = ref.toLowerCase().lastIndexOf(`~${e.from.toLowerCase()}`);
    if (at === -1 || pinIndex === -1) continue;
    replacements.push({
      at: start + at + Buffer.byteLength(ref.slice(0, pinIndex), 'utf8'),
      length: 1 + e.from.length,
      bytes: Buffer.from(`~${e.to}`, 'utf8'),
    });
  }
  replacements.sort((x, y) => x.at - y.at);
  const parts: Buffer[] = [];
  let done = 0;
  for (const r of replacements) {
    if (r.at < done) continue;
    parts.push(source.subarray(done, r.at), r.bytes);
    done = r.at + r.length;
  }
  parts.push(source.subarray(done));
  return Buffer.concat(parts);
}

/**
 * Re-stamps the stale pins of the gate's `result` (only those of the facts
 * `refs` name, when any), calling `repinned` after each file is written;
 * returns how many citations were re-pinned.
 */
// @implements factline#GATE-PIN-RESTAMPS
export function repinStale(
  project: Project,
  result: TraceResult,
  specs: LoadedSpecs,
  refs: readonly string[],
  repinned: (file: string, edit: PinEdit) => void,
): number {
  const { config } = project;
  const wanted = new Set(refs.map((r) => resolveArgument(specs.set, r).address));
  const index = indexFacts(specs.set);
  const byFile = new Map<string, PinEdit[]>();
  const generated = `${config.generate.out.replace(/\\/g, '/').replace(/\/+$/, '')}/`;
  for (const c of result.citations) {
    if (c.problem !== 'stale-citation' || c.resolved === undefined || c.pin === undefined) continue;
    // A generated file takes its pins from its template: re-stamp that, and `gen` copies it.
    // @implements evidence#PINS-PIN-RESTAMPS-TEMPLATES
    if (c.file.startsWith(generated)) continue;
    if (wanted.size > 0 && !wanted.has(c.resolved)) continue;
    const fact = index.byAddress.get(c.resolved);
    if (!fact) continue;
    const to = currentPin(fact, index.docs.get(fact.doc), c.pin);
    if (to === c.pin) continue;
    const list = byFile.get(c.file) ?? [];
    list.push({ citation: c, from: c.pin, to });
    byFile.set(c.file, list);
  }
  // Every file is read and every target checked before the first write:
  // a refused file (outside the root, hard-linked, another's) changes nothing.
  const planned: { file: string; path: string; next: Buffer; edits: PinEdit[] }[] = [];
  for (const [file, edits] of [...byFile].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const path = resolve(config.root, file);
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
    }
    const next = applyPins(bytes, edits);
    if (next.equals(bytes)) continue;
    planned.push({ file, path, next, edits });
  }
  let changed = 0;
  try {
    for (const p of planned) checkTarget(p.path, { root: config.root });
    for (const p of planned) {
      removeStaleTemps(dirname(p.path));
      writeFileAtomic(p.path, p.next, { root: config.root });
      for (const e of p.edits) {
        changed++;
        repinned(p.file, e);
      }
    }
  } catch (error) {
    if (error instanceof WriteError) {
      throw new UsageError(
        `${error.message}${changed > 0 ? ` (${changed} citation(s) above were re-pinned first)` : '; nothing written'}`,
      );
    }
    throw error;
  }
  return changed;
}
