/**
 * Bad input to the engine: a usage, config or unreadable-file error. The
 * message names the place and the fix; the CLI prints it and exits 2, the
 * MCP tools answer it as the tool's report.
 */
export class UsageError extends Error {
  override name = 'UsageError';
}
