/**
 * The seam between the loop and the world: a transport reads one line and
 * writes one line. Framing (bytes to lines) is pure and lives here too, so
 * the stdio transport and any later one (a socket, a bounded reader) share it.
 */
import { StringDecoder } from 'node:string_decoder';
import { ID_WINDOW, type InboundLine, idOfEnds, tooLongLine } from './bounds.ts';

// @implements mcp-core#SERVER-IS-NAME-VERSION-TOOLSET-OVER-A-TRANSPORT-SEAM~9ae822b0
export interface Transport {
  /**
   * The next line without its terminator (or the note of one skipped for its
   * size); `null` once input has ended.
   */
  readLine(): Promise<InboundLine | null>;
  /**
   * A line that has already arrived, without waiting; undefined when none has
   * (then `readLine` tells whether input ended). Optional: it lets the loop
   * know that more work is queued, so a burst of tool runs can share one redirect.
   */
  takeLine?(): InboundLine | undefined;
  /**
   * Sends one frame (no newline in it). May return a promise when the channel
   * is applying back-pressure; throws or rejects with `McpCoreError` when it is dead.
   * `related` is the id of the request the frame belongs to, when the loop knows it
   * (a tool run's progress): a transport with a stream per request routes by it.
   */
  writeLine(line: string, related?: unknown): void | Promise<void>;
  /** Flushes what is queued and releases the channel. */
  close?(): Promise<void>;
}

/**
 * Splits a byte stream into lines. `\n` ends a line and a `\r` before it is
 * dropped, so CRLF hosts work; UTF-8 split across chunks is reassembled.
 * With `maxLineBytes`, a line that grows past it is dropped as it arrives and
 * handed on as `tooLongLine(bytes)`, so the decoder never holds more of it.
 */
export class LineDecoder {
  #utf8 = new StringDecoder('utf8');
  // @implements mcp-bounds#DECODING-IS-LINEAR
  // The unterminated line so far, as the pieces it came in: joined once, at its newline.
  #parts: string[] = [];
  #held = 0;
  #max: number;
  /** Characters of a line being skipped, or -1 when none is. */
  #skipped = -1;
  // @implements mcp-host#OVERSIZED-FRAME-ANSWERS-ITS-ID
  // The first and last characters of the line being skipped: where its id is.
  #head = '';
  #tail = '';

  constructor(options: { maxLineBytes?: number } = {}) {
    this.#max = options.maxLineBytes ?? Number.POSITIVE_INFINITY;
  }

  /** The lines completed by this chunk, in order. */
  push(chunk: Uint8Array | string): InboundLine[] {
    const text = typeof chunk === 'string' ? chunk : this.#utf8.write(chunk as Buffer);
    const lines: InboundLine[] = [];
    let start = 0;
    let end = text.indexOf('\n');
    while (end !== -1) {
      const piece = text.slice(start, end);
      lines.push(this.#complete(piece));
      start = end + 1;
      end = text.indexOf('\n', start);
    }
    if (start < text.length) this.#hold(start === 0 ? text : text.slice(start));
    return lines;
  }

  /** At end of input: the last line when it had no terminator. */
  end(): InboundLine[] {
    const rest = this.#utf8.end();
    if (rest !== '') this.#hold(rest);
    if (this.#skipped === -1 && this.#held === 0) return [];
    return [this.#complete('')];
  }

  /** Characters held for a line not yet terminated (never more than `maxLineBytes`). */
  get pending(): number {
    return this.#held;
  }

  #hold(piece: string): void {
    if (this.#skipped !== -1) {
      this.#skipped += piece.length;
      this.#keepTail(piece);
      return;
    }
    // @implements mcp-bounds#LONG-LINE-IS-SKIPPED-NOT-HELD
    // A UTF-16 unit is at least one UTF-8 byte: past `max` units the line is surely too long.
    if (this.#held + piece.length > this.#max) {
      this.#skipped = this.#held + piece.length;
      const first = this.#parts.join('');
      this.#head = (first.length >= ID_WINDOW ? first : first + piece).slice(0, ID_WINDOW);
      this.#tail = '';
      this.#keepTail(first);
      this.#keepTail(piece);
      this.#parts = [];
      this.#held = 0;
      return;
    }
    this.#parts.push(piece);
    this.#held += piece.length;
  }

  #keepTail(piece: string): void {
    if (piece.length >= ID_WINDOW) this.#tail = piece.slice(-ID_WINDOW);
    else if (piece.length > 0) this.#tail = (this.#tail + piece).slice(-ID_WINDOW);
  }

  #complete(last: string): InboundLine {
    if (this.#skipped !== -1) {
      const bytes = this.#skipped + last.length;
      this.#skipped = -1;
      this.#keepTail(last);
      const id = idOfEnds(this.#head, this.#tail);
      this.#head = '';
      this.#tail = '';
      return tooLongLine(bytes, id);
    }
    let line = last;
    if (this.#parts.length > 0) {
      this.#parts.push(last);
      line = this.#parts.join('');
      this.#parts = [];
      this.#held = 0;
    }
    return line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line;
  }
}

/**
 * The scripted replay double: replays `input` line by line, then ends, and
 * records every frame written. Tests drive the whole loop with it, no process needed.
 */
export class ScriptedTransport implements Transport {
  readonly written: string[] = [];
  #input: string[];
  #next = 0;

  constructor(input: readonly string[]) {
    this.#input = [...input];
  }

  async readLine(): Promise<string | null> {
    return this.#next < this.#input.length ? (this.#input[this.#next++] as string) : null;
  }

  takeLine(): string | undefined {
    return this.#next < this.#input.length ? (this.#input[this.#next++] as string) : undefined;
  }

  writeLine(line: string): void {
    this.written.push(line);
  }

  /** The written frames, parsed. */
  frames(): unknown[] {
    return this.written.map((line) => JSON.parse(line));
  }
}
