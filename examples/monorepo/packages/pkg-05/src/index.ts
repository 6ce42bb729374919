// @implements pkg-05#P05-CACHE-INPUT~3d30847e
// @implements pkg-05#P05-CACHE-EMPTY~13f82506
// @implements pkg-05#P05-INTEGRATES~1f815d32
export function cache(input: readonly string[]): string[] {
  return input.map((x) => `cache:${x}`);
}
