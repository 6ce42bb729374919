/**
 * Did-you-mean, the one way factline names the known word nearest a
 * misspelt one: one distance, one case rule, one cut-off. `nearest` compares
 * with every word of a short list (a vocabulary, config keys, options);
 * `Suggester` answers many queries over thousands of ids by edit-distancing a
 * few candidates only. Pure.
 */

/**
 * The cut-off: a suggestion is at most a third of the misspelt word's length
 * in edits, and never fewer than two, so a short typo still finds its word.
 */
export function typoBudget(wanted: string): number {
  return Math.max(2, Math.floor(wanted.length / 3));
}

/**
 * The case rule: case and the two separators do not count as edits, so
 * `method-ping` finds `METHOD-PING` and `UNIT_UNKNOWN-REJECTED` is
 * `UNIT-UNKNOWN-REJECTED` written with a swapped separator, nearer than any id
 * one letter away.
 */
// @implements trace#SWAPPED-SEPARATOR
export function fold(name: string): string {
  return name.toLowerCase().replaceAll('_', '-');
}

/** Three rows of edit-distance cells, reused by every call and grown when a longer name comes. */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)] as const;

/**
 * Edit distance where swapping two neighbours is one edit (`dnoe` is one
 * edit from `done`), giving up (returning limit + 1) once every path exceeds
 * `limit`: only the band of cells within `limit` of the diagonal is filled,
 * so the cost is the word's length times the limit, not its square. The rows
 * are reused across calls: ten thousand queries allocate nothing.
 */
// @implements engine#ONE-DID-YOU-MEAN
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const band = Math.min(limit, Math.max(a.length, b.length));
  const big = a.length + b.length + 1;
  if (rows[0].length <= b.length + 1) {
    const size = b.length * 2 + 2;
    rows = [new Int32Array(size), new Int32Array(size), new Int32Array(size)];
  }
  let [before, prev, row] = rows;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - band);
    const to = Math.min(b.length, i + band);
    row[0] = i;
    if (from > 1) row[from - 1] = big;
    let best = from === 1 ? i : big;
    const ca = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const cb = b.charCodeAt(j - 1);
      const sub = prev[j - 1]! + (ca === cb ? 0 : 1);
      const del = (j <= i - 1 + band ? prev[j]! : big) + 1;
      const ins = row[j - 1]! + 1;
      let v = Math.min(sub, del, ins);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        const swap = before[j - 2]! + 1;
        if (swap < v) v = swap;
      }
      row[j] = v;
      if (v < best) best = v;
    }
    if (to < b.length) row[to + 1] = big;
    if (best > limit) return limit + 1;
    [before, prev, row] = [prev, row, before];
  }
  const d = prev[b.length]!;
  return d > limit ? limit + 1 : d;
}

/**
 * Up to `max` of `candidates` within the cut-off of `wanted`, nearest first,
 * ties in the candidates' order. For short lists: every candidate is compared.
 */
export function nearest(wanted: string, candidates: readonly string[], max = 3): string[] {
  const target = fold(wanted);
  const limit = typoBudget(wanted);
  return candidates
    .map((name, index) => ({ name, index, d: editDistance(target, fold(name), limit) }))
    .filter((c) => c.d <= limit)
    .sort((x, y) => x.d - y.d || x.index - y.index)
    .slice(0, max)
    .map((c) => c.name);
}

/** The one nearest candidate, or undefined when none is within the cut-off. */
export function nearestOne(wanted: string, candidates: readonly string[]): string | undefined {
  return nearest(wanted, candidates, 1)[0];
}

/** "did you mean `a`, `b`?", or undefined when nothing is near. */
export function didYouMean(wanted: string, candidates: readonly string[]): string | undefined {
  const near = nearest(wanted, candidates);
  return near.length === 0 ? undefined : `did you mean ${near.map((n) => `\`${n}\``).join(', ')}?`;
}

/** "did you mean `done`? (accepted: plan, work, …)" */
export function suggestion(value: string, legal: readonly string[]): string {
  const near = nearestOne(value, legal);
  const accepted = `accepted: ${legal.join(', ')}`;
  return near ? `did you mean \`${near}\`? (${accepted})` : accepted;
}

/*
 * The indexed search: candidates come from three cheap places, the neighbours of the name in
 * sorted order (same beginning), in sorted order of the reversed names (same ending), and the
 * names sharing one of its rare character trigrams; only those few are edit-distanced, and each
 * distinct query is answered once.
 */

/** How many sorted neighbours on each side are looked at. */
const WINDOW = 4;
/** A trigram carried by more names than this says little; its names are not candidates. */
const RARE = 48;
/** How many of the names sharing rare trigrams are edit-distanced. */
const SHORTLIST = 8;

/** Each distinct trigram once, in order of first appearance; a Set keeps a long name linear. */
// @implements reader#DID-YOU-MEAN-LINEAR
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
  // @implements reader#SUGGEST-ONCE-PER-NAME
  // @implements reader#SUGGEST-SAME-ANSWERS
  // @implements reader#SUGGEST-TYPO-TREE-COST
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
    // The three closest so far, by distance then the names' order (as `nearest`); once there are
    // three, a candidate must come within the third one's distance, so the limit tightens.
    let limit = typoBudget(wanted);
    const best: { i: number; d: number }[] = [];
    for (const i of candidates) {
      const name = this.lower[i]!;
      if (Math.abs(name.length - target.length) > limit) continue;
      const d = editDistance(target, name, limit);
      if (d > limit) continue;
      let at = best.length;
      while (at > 0 && (best[at - 1]!.d > d || (best[at - 1]!.d === d && best[at - 1]!.i > i))) at--;
      if (at >= 3) continue;
      best.splice(at, 0, { i, d });
      if (best.length > 3) best.pop();
      if (best.length === 3) limit = best[2]!.d;
    }
    const out = best.map((x) => this.names[x.i]!);
    this.memo.set(wanted, out);
    return out;
  }
}
