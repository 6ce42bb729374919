// @implements pkg-21#P21-FETCH-INPUT~7b5744a8
// @implements pkg-21#P21-FETCH-EMPTY~13f82506
// @implements pkg-21#P21-INTEGRATES~e6d2bf2b
export function fetch(input: readonly string[]): string[] {
  return input.map((x) => `fetch:${x}`);
}
