// @implements pkg-10#P10-SHAPE-INPUT~d43ac8c3
// @implements pkg-10#P10-SHAPE-EMPTY~13f82506
// @implements pkg-10#P10-INTEGRATES~0ad7cf2f
export function shape(input: readonly string[]): string[] {
  return input.map((x) => `shape:${x}`);
}
