// @implements pkg-03#P03-ROUTE-INPUT~dd4f9c5c
// @implements pkg-03#P03-ROUTE-EMPTY~13f82506
// @implements pkg-03#P03-INTEGRATES~47bf1ec4
export function route(input: readonly string[]): string[] {
  return input.map((x) => `route:${x}`);
}
