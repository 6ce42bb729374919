// @implements pkg-07#P07-AUTH-INPUT~5102a0de
// @implements pkg-07#P07-AUTH-EMPTY~13f82506
// @implements pkg-07#P07-INTEGRATES~fbce12a2
export function auth(input: readonly string[]): string[] {
  return input.map((x) => `auth:${x}`);
}
