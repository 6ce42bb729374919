// @implements pkg-17#P17-LOCK-INPUT~d7f0ca3f
// @implements pkg-17#P17-LOCK-EMPTY~13f82506
// @implements pkg-17#P17-INTEGRATES~5f29564f
export function lock(input: readonly string[]): string[] {
  return input.map((x) => `lock:${x}`);
}
