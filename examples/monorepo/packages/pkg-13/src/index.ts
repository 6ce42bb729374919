// @implements pkg-13#P13-DIFF-INPUT~81ccac77
// @implements pkg-13#P13-DIFF-EMPTY~13f82506
// @implements pkg-13#P13-INTEGRATES~3d2cc72e
export function diff(input: readonly string[]): string[] {
  return input.map((x) => `diff:${x}`);
}
