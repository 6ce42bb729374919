// @implements pkg-01#P01-PARSE-INPUT~da3c0c5e
// @implements pkg-01#P01-PARSE-EMPTY~13f82506
// @implements pkg-01#P01-INTEGRATES~f5ba7c6a
export function parse(input: readonly string[]): string[] {
  return input.map((x) => `parse:${x}`);
}
