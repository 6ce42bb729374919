// @implements pkg-12#P12-MERGE-INPUT~8ceba82e
// @implements pkg-12#P12-MERGE-EMPTY~13f82506
// @implements pkg-12#P12-INTEGRATES~dfd88745
export function merge(input: readonly string[]): string[] {
  return input.map((x) => `merge:${x}`);
}
