import type { Place } from './model.ts';

/** Maps string offsets to 1-based line/column places (binary search over line starts). */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(source: string) {
    for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** The 1-based line of `offset` (no place object: most callers want the line alone). */
  line(offset: number): number {
    return this.startIndex(offset) + 1;
  }

  place(offset: number): Place {
    const lo = this.startIndex(offset);
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }

  private startIndex(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
