// @implements pkg-04#P04-STORE-INPUT~b3b0d557
// @implements pkg-04#P04-STORE-EMPTY~13f82506
// @implements pkg-04#P04-INTEGRATES~1438f1a1
export function store(input: readonly string[]): string[] {
  return input.map((x) => `store:${x}`);
}
