// @implements pkg-09#P09-RETRY-INPUT~dabbeb98
// @implements pkg-09#P09-RETRY-EMPTY~13f82506
// @implements pkg-09#P09-INTEGRATES~3e0b9a55
export function retry(input: readonly string[]): string[] {
  return input.map((x) => `retry:${x}`);
}
