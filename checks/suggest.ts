/**
 * Did-you-mean without comparing every unknown name with every known one.
 * Candidates come from three cheap places: the neighbours of the name in
 * sorted order (same beginning), in sorted order of the reversed names (same
 * ending), and the names sharing one of its rare character trigrams; only
 * those few are edit-distanced, and each distinct query is answered once. Pure.
 */

/** How many sorted neighbours on each side are looked at. */
const WINDOW = 4;
/** A trigram carried by more names than this says little; its names are not candidates. */
const RARE = 48;
/** How many of the names sharing rare trigrams are edit-distanced. */
const SHORTLIST = 8;

/** Each distinct trigram once, in order of first appearance; a Set keeps a long name linear. */
// @implements green#DID-YOU-MEAN-LINEAR
function trigrams(text: string): string[] {
  const padded = `  ${text} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return [...out];
}

function reversed(text: string): string {
  let out = '';
  for (let i = text.length - 1; i >= 0; i--) out += text[i];
  return out;
}

/** First index in `sorted` (by `keyOf`) whose key is not below `key`. */
function lowerBound(sorted: number[], keys: string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[sorted[mid]!]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Two rows of edit-distance cells, reused by every call and grown when a longer name comes. */
let prevRow = new Int32Array(64);
let thisRow = new Int32Array(64);

/**
 * Edit distance, giving up (returning limit + 1) once every path exceeds
 * `limit`; only the band of cells within `limit` of the diagonal is filled.
 * The rows are reused across calls: ten thousand queries allocate nothing.
 */
export function distance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const band = Math.min(limit, Math.max(a.length, b.length));
  const big = a.length + b.length + 1;
  if (prevRow.length <= b.length) {
    prevRow = new Int32Array(b.length * 2 + 1);
    thisRow = new Int32Array(b.length * 2 + 1);
  }
  let prev = prevRow;
  let row = thisRow;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - band);
    const to = Math.min(b.length, i + band);
    row[0] = i;
    if (from > 1) row[from - 1] = big;
    let best = from === 1 ? i : big;
    const ca = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const sub = prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const del = (j <= i - 1 + band ? prev[j]! : big) + 1;
      const ins = row[j - 1]! + 1;
      const v = Math.min(sub, del, ins);
      row[j] = v;
      if (v < best) best = v;
    }
    if (to < b.length) row[to + 1] = big;
    if (best > limit) return limit + 1;
    const t = prev;
    prev = row;
    row = t;
  }
  return prev[b.length]!;
}

/**
 * Case and the two separators do not count as edits: `UNIT_UNKNOWN-REJECTED`
 * is `UNIT-UNKNOWN-REJECTED` written with a swapped separator, nearer than
 * any id one letter away.
 */
// @implements daily-use#SWAPPED-SEPARATOR
function fold(name: string): string {
  return name.toLowerCase().replaceAll('_', '-');
}

export class Suggester {
  private readonly lower: string[];
  private readonly backwards: string[];
  private readonly byStart: number[];
  private readonly byEnd: number[];
  private readonly grams = new Map<string, number[]>();
  private readonly memo = new Map<string, string[]>();
  /** Per-name scratch: shared-trigram counts, and the query that last took it as a candidate. */
  private readonly hits: Int32Array;
  private readonly seen: Int32Array;
  private stamp = 0;

  constructor(private readonly names: readonly string[]) {
    this.hits = new Int32Array(names.length);
    this.seen = new Int32Array(names.length);
    this.lower = names.map(fold);
    this.backwards = this.lower.map(reversed);
    const order = names.map((_, i) => i);
    this.byStart = [...order].sort((a, b) => (this.lower[a]! < this.lower[b]! ? -1 : 1));
    this.byEnd = [...order].sort((a, b) => (this.backwards[a]! < this.backwards[b]! ? -1 : 1));
    this.lower.forEach((name, i) => {
      for (const g of trigrams(name)) {
        const list = this.grams.get(g);
        if (list === undefined) this.grams.set(g, [i]);
        else if (list.length <= RARE) list.push(i);
      }
    });
  }

  /** Up to three names within a third of the query's length in edits, closest first. */
  // @implements speed-incremental#SUGGEST-ONCE-PER-NAME
  // @implements speed-incremental#SUGGEST-SAME-ANSWERS
  // @implements speed-incremental#SUGGEST-TYPO-TREE-COST
  nearest(wanted: string): string[] {
    const known = this.memo.get(wanted);
    if (known !== undefined) return known;
    const target = fold(wanted);
    this.stamp++;
    const candidates: number[] = [];
    const take = (i: number): void => {
      if (this.seen[i] === this.stamp) return;
      this.seen[i] = this.stamp;
      candidates.push(i);
    };
    const around = (sorted: number[], keys: string[], key: string): void => {
      const at = lowerBound(sorted, keys, key);
      for (let i = Math.max(0, at - WINDOW); i < Math.min(sorted.length, at + WINDOW); i++) take(sorted[i]!);
    };
    around(this.byStart, this.lower, target);
    around(this.byEnd, this.backwards, reversed(target));
    // Of the names sharing rare trigrams, only those sharing the most: counts in a reused
    // typed array, bucketed by count instead of sorted.
    const touched: number[] = [];
    for (const g of trigrams(target)) {
      const list = this.grams.get(g);
      if (list === undefined || list.length > RARE) continue;
      for (const i of list) {
        if (this.hits[i] === 0) touched.push(i);
        this.hits[i]!++;
      }
    }
    const buckets: number[][] = [];
    for (const i of touched) {
      const n = this.hits[i]!;
      this.hits[i] = 0;
      const bucket = buckets[n];
      if (bucket === undefined) buckets[n] = [i];
      else bucket.push(i);
    }
    let taken = 0;
    for (let n = buckets.length - 1; n > 0 && taken < SHORTLIST; n--) {
      for (const i of buckets[n] ?? []) {
        take(i);
        if (++taken === SHORTLIST) break;
      }
    }
    // The three closest so far, by distance then name; once there are three, a
    // candidate must come within the third one's distance, so the limit tightens.
    let limit = Math.max(2, Math.floor(wanted.length / 3));
    const best: { c: string; d: number }[] = [];
    for (const i of candidates) {
      const name = this.lower[i]!;
      if (Math.abs(name.length - target.length) > limit) continue;
      const d = distance(target, name, limit);
      if (d > limit) continue;
      const c = this.names[i]!;
      let at = best.length;
      while (at > 0 && (best[at - 1]!.d > d || (best[at - 1]!.d === d && best[at - 1]!.c > c))) at--;
      if (at >= 3) continue;
      best.splice(at, 0, { c, d });
      if (best.length > 3) best.pop();
      if (best.length === 3) limit = best[2]!.d;
    }
    const out = best.map((x) => x.c);
    this.memo.set(wanted, out);
    return out;
  }
}
