/** Did-you-mean: the nearest known names to a misspelt one, by edit distance. */

export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Up to `limit` candidates closest to `wanted`, nearest first (ties in input
 * order). Case is ignored for the distance, so `method-ping` finds `METHOD-PING`;
 * anything further than about a third of the name is no suggestion at all.
 */
export function nearest(wanted: string, candidates: readonly string[], limit = 3): string[] {
  const w = wanted.toUpperCase();
  const budget = Math.max(2, Math.ceil(w.length / 3));
  return candidates
    .map((name, index) => ({ name, index, d: editDistance(w, name.toUpperCase()) }))
    .filter((c) => c.d <= budget)
    .sort((x, y) => x.d - y.d || x.index - y.index)
    .slice(0, limit)
    .map((c) => c.name);
}

export function didYouMean(wanted: string, candidates: readonly string[]): string | undefined {
  const near = nearest(wanted, candidates);
  return near.length === 0 ? undefined : `did you mean ${near.map((n) => `\`${n}\``).join(', ')}?`;
}
