// @implements pkg-15#P15-PACK-INPUT~4a50f6c3
// @implements pkg-15#P15-PACK-EMPTY~13f82506
// @implements pkg-15#P15-INTEGRATES~2e2f1f9a
export function pack(input: readonly string[]): string[] {
  return input.map((x) => `pack:${x}`);
}
