// @implements pkg-18#P18-SIGN-INPUT~0fb1f253
// @implements pkg-18#P18-SIGN-EMPTY~13f82506
// @implements pkg-18#P18-INTEGRATES~d5014091
export function sign(input: readonly string[]): string[] {
  return input.map((x) => `sign:${x}`);
}
