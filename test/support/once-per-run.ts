/**
 * A vitest global setup's folder, made once per run. Each project runs the
 * global setups, so a folder made in each would nest in the first (six deep:
 * Chromium's socket path then outgrows its limit); the first makes it, the
 * others leave it be. `owner` names the environment variable that marks it made.
 */
export function oncePerRun(owner: string, make: () => () => void): () => void {
  if (process.env[owner] !== undefined) return () => {};
  process.env[owner] = '1';
  const teardown = make();
  return () => {
    delete process.env[owner];
    teardown();
  };
}
