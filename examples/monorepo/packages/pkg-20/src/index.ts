// @implements pkg-20#P20-SYNC-INPUT~f6ce278b
// @implements pkg-20#P20-SYNC-EMPTY~13f82506
// @implements pkg-20#P20-INTEGRATES~b0172a39
export function sync(input: readonly string[]): string[] {
  return input.map((x) => `sync:${x}`);
}
