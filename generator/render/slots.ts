/**
 * Escaping by construction. While a template renders, every interpolation
 * writes a placeholder identifier instead of its text; the finished output is
 * read with the target language's lexer, and each placeholder is replaced by
 * its text written for where it stands: a literal or a citation in code,
 * escaped in a string, inert in a comment, refused where no escape exists.
 * Template lines travel as markers, so each output line knows its template
 * line (the render's source map). Pure.
 */
import { inertTags } from './languages/escape.ts';
import type { CiteData, Context, Escaped, Language, Scalar } from './languages/types.ts';
import type { GenError } from './types.ts';

export interface SlotPlace {
  line: number;
  column: number;
}

export type Slot = { at: SlotPlace } & (
  | { kind: 'text'; text: string }
  | { kind: 'cite'; cite: CiteData }
  | { kind: 'value'; value: Scalar }
  | { kind: 'json'; text: string }
);

const SENTINEL = /__FLSLOT(\d+)__/g;
const MARKER = /\uE000(\d+)\uE001/g;
export const RESERVED = /__FLSLOT\d+__|[\uE000\uE001]/;

/** Hands out placeholders while a template renders. */
export class SlotRecorder {
  readonly slots: Slot[] = [];
  add(slot: Slot): string {
    this.slots.push(slot);
    return `__FLSLOT${this.slots.length - 1}__`;
  }
}

/** `\uE000LINE\uE001`: where the rendered text of template line LINE starts. */
export const lineMarker = (line: number) => `\uE000${line}\uE001`;

export interface Filled {
  text: string;
  /** For each line of `text`, the template line it came from. */
  lines: number[];
  errors: GenError[];
}

const where = (context: Context) =>
  context.kind === 'string'
    ? `a ${context.quote}…${context.quote.replace(/^[a-zA-Z]+/, '')} string`
    : context.kind === 'other'
      ? context.what
      : `a ${context.kind}`;

/** The text a slot becomes where it stands. */
// @implements generator#ESCAPE-BY-CONTEXT
export function writeSlot(language: Language, slot: Slot, context: Context): Escaped {
  switch (slot.kind) {
    case 'text':
      return language.escape(context, slot.text);
    case 'json':
      return context.kind === 'code' ? { ok: true, text: slot.text } : language.escape(context, slot.text);
    case 'value':
      return context.kind === 'code'
        ? { ok: true, text: language.literal(slot.value) }
        : language.escape(context, String(slot.value.value));
    case 'cite': {
      const { cite } = slot;
      if (context.kind === 'code') return language.cite(cite);
      if (context.kind === 'string') return language.escape(context, cite.uri ?? cite.address);
      if (context.kind === 'other') return language.escape(context, cite.address);
      const summary = language.escape(context, cite.summary);
      if (!summary.ok) return summary;
      const ref = `${cite.address}${cite.pin === undefined ? '' : `~${cite.pin}`}`;
      return { ok: true, text: `@implements ${ref} — ${inertTags(summary.text)}` };
    }
  }
}

/** Replaces every placeholder in `raw` for its context, and maps output lines to template lines. */
export function fillSlots(raw: string, slots: readonly Slot[], language: Language, template: string): Filled {
  // 1. Markers out, remembering where each template line starts.
  const marks: { offset: number; line: number }[] = [];
  let clean = '';
  let last = 0;
  for (const m of raw.matchAll(MARKER)) {
    clean += raw.slice(last, m.index);
    marks.push({ offset: clean.length, line: Number(m[1]) });
    last = m.index + m[0].length;
  }
  clean += raw.slice(last);

  // 2. Each placeholder's context, read by the language's lexer over the whole output.
  const found = [...clean.matchAll(SENTINEL)].map((m) => ({
    offset: m.index,
    end: m.index + m[0].length,
    slot: Number(m[1]),
  }));
  const contexts =
    found.length > 0
      ? language.contexts(
          clean,
          found.map((f) => f.offset),
        )
      : [];
  const errors: GenError[] = [];
  const replacement = found.map((f, i) => {
    const slot = slots[f.slot]!;
    const context = contexts[i]!;
    const written = writeSlot(language, slot, context);
    if (written.ok) return written.text;
    errors.push({
      code: 'unsafe-interpolation',
      file: template,
      line: slot.at.line,
      column: slot.at.column,
      message: `${written.why} (in ${where(context)} of ${language.name} output)`,
      fix: written.fix,
    });
    return '';
  });

  // 3. The output, with the template line of each of its lines.
  let text = '';
  const lines: number[] = [];
  let current = 1;
  let atLineStart = true;
  let m = 0;
  const emit = (chunk: string) => {
    for (const piece of chunk.split(/(?<=\n)/)) {
      if (piece === '') continue;
      if (atLineStart) lines.push(current);
      text += piece;
      atLineStart = piece.endsWith('\n');
    }
  };
  let i = 0;
  let f = 0;
  while (i <= clean.length) {
    while (m < marks.length && marks[m]!.offset <= i) current = marks[m++]!.line;
    const next = Math.min(found[f]?.offset ?? clean.length, marks[m]?.offset ?? clean.length);
    if (next > i) {
      emit(clean.slice(i, next));
      i = next;
      continue;
    }
    if (found[f] && found[f]!.offset === i) {
      emit(replacement[f]!);
      i = found[f]!.end;
      f++;
      continue;
    }
    if (i === clean.length) break;
  }
  if (atLineStart) lines.push(current);
  return { text, lines, errors };
}
