/**
 * Did-you-mean without comparing every unknown name with every known one.
 * Known names are indexed by their character trigrams; a query edits-distances
 * only the few candidates sharing the most trigrams with it, and each distinct
 * query is answered once. Pure.
 */

const SHORTLIST = 24;

function trigrams(text: string): string[] {
  const padded = `  ${text.toLowerCase()} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return [...out];
}

/** Edit distance, giving up (returning limit + 1) once every path exceeds `limit`. */
export function distance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    let best = row[0];
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
      if (row[j]! < best) best = row[j]!;
    }
    if (best > limit) return limit + 1;
  }
  return row[b.length]!;
}

export class Suggester {
  private readonly grams = new Map<string, number[]>();
  private readonly memo = new Map<string, string[]>();

  constructor(private readonly names: readonly string[]) {
    names.forEach((name, i) => {
      for (const g of trigrams(name)) {
        const list = this.grams.get(g);
        if (list === undefined) this.grams.set(g, [i]);
        else list.push(i);
      }
    });
  }

  /** Up to three names within a third of the query's length in edits, closest first. */
  nearest(wanted: string): string[] {
    const known = this.memo.get(wanted);
    if (known !== undefined) return known;
    const shared = new Map<number, number>();
    for (const g of trigrams(wanted)) {
      for (const i of this.grams.get(g) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    }
    const shortlist = [...shared.entries()]
      .sort((x, y) => y[1] - x[1] || x[0] - y[0])
      .slice(0, SHORTLIST)
      .map(([i]) => this.names[i]!);
    const limit = Math.max(2, Math.floor(wanted.length / 3));
    const target = wanted.toLowerCase();
    const out = shortlist
      .map((c) => ({ c, d: distance(target, c.toLowerCase(), limit) }))
      .filter((x) => x.d <= limit)
      .sort((x, y) => x.d - y.d || (x.c < y.c ? -1 : x.c > y.c ? 1 : 0))
      .slice(0, 3)
      .map((x) => x.c);
    this.memo.set(wanted, out);
    return out;
  }
}
