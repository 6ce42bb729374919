// @implements pkg-19#P19-SCAN-INPUT~afa4b094
// @implements pkg-19#P19-SCAN-EMPTY~13f82506
// @implements pkg-19#P19-INTEGRATES~89b1dfd0
export function scan(input: readonly string[]): string[] {
  return input.map((x) => `scan:${x}`);
}
