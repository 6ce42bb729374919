/** What the engine takes from its caller; the CLI's io is one, an MCP tool's or a benchmark's another. */
export interface EngineIO {
  /** Where relative paths given by the caller start. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Warnings and progress; never a command's output. */
  stderr: { write(text: string): unknown };
}
