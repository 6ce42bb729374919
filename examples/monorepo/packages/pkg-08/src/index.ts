// @implements pkg-08#P08-QUEUE-INPUT~5c89221c
// @implements pkg-08#P08-QUEUE-EMPTY~13f82506
// @implements pkg-08#P08-INTEGRATES~0b8db2de
export function queue(input: readonly string[]): string[] {
  return input.map((x) => `queue:${x}`);
}
