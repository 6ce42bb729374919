// @implements pkg-06#P06-LOG-INPUT~c370770a
// @implements pkg-06#P06-LOG-EMPTY~13f82506
// @implements pkg-06#P06-INTEGRATES~55207289
export function log(input: readonly string[]): string[] {
  return input.map((x) => `log:${x}`);
}
