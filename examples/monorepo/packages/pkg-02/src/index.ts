// @implements pkg-02#P02-FORMAT-INPUT~706390a2
// @implements pkg-02#P02-FORMAT-EMPTY~13f82506
// @implements pkg-02#P02-INTEGRATES~d1cfaf8e
export function format(input: readonly string[]): string[] {
  return input.map((x) => `format:${x}`);
}
