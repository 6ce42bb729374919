// @implements pkg-11#P11-INDEX-INPUT~950de6cb
// @implements pkg-11#P11-INDEX-EMPTY~13f82506
// @implements pkg-11#P11-INTEGRATES~3f89f517
export function index(input: readonly string[]): string[] {
  return input.map((x) => `index:${x}`);
}
