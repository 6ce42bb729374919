// @implements pkg-16#P16-HASH-INPUT~754a27db
// @implements pkg-16#P16-HASH-EMPTY~13f82506
// @implements pkg-16#P16-INTEGRATES~228bd18e
export function hash(input: readonly string[]): string[] {
  return input.map((x) => `hash:${x}`);
}
