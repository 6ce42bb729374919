// @implements pkg-22#P22-TRACE-INPUT~7551b098
// @implements pkg-22#P22-TRACE-EMPTY~13f82506
// @implements pkg-22#P22-INTEGRATES~fabbc871
export function trace(input: readonly string[]): string[] {
  return input.map((x) => `trace:${x}`);
}
