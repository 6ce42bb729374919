// @implements pkg-14#P14-WATCH-INPUT~8927c7c3
// @implements pkg-14#P14-WATCH-EMPTY~13f82506
// @implements pkg-14#P14-INTEGRATES~4dd41026
export function watch(input: readonly string[]): string[] {
  return input.map((x) => `watch:${x}`);
}
