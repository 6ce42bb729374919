/**
 * The test runners' toolchains the adoption tests drive for real (pytest,
 * cargo, go, Maven). Missing locally, a test skips with a note; with `CI`
 * set, a missing one fails the test: CI installs them (.ci/run).
 */
import { spawnSync } from 'node:child_process';

export interface Toolchain {
  name: string;
  command: string;
  args: string[];
  install: string;
}

export const TOOLCHAINS = {
  pytest: {
    name: 'pytest',
    command: 'python3',
    args: ['-m', 'pytest', '--version'],
    install: 'python3-pytest',
  },
  cargo: { name: 'cargo', command: 'cargo', args: ['--version'], install: 'cargo' },
  go: { name: 'go', command: 'go', args: ['version'], install: 'golang' },
  maven: { name: 'mvn', command: 'mvn', args: ['--version'], install: 'maven default-jdk-headless' },
  // Not a runner: the editor docs/editors.md's Neovim setups are played in (test/system/lsp/neovim.test.ts).
  nvim: { name: 'nvim', command: 'nvim', args: ['--version'], install: 'neovim' },
} as const satisfies Record<string, Toolchain>;

export function hasToolchain(tool: Toolchain): boolean {
  const run = spawnSync(tool.command, tool.args, { encoding: 'utf8', timeout: 60_000 });
  return run.error === undefined && run.status === 0;
}

/**
 * Whether a test needing `tool` runs: true when it is installed; false with a
 * note when it is not and `CI` is unset; with `CI` set a missing tool throws,
 * so the test fails instead of skipping.
 */
export function toolchainFor(tool: Toolchain): boolean {
  if (hasToolchain(tool)) return true;
  if (process.env.CI) throw new Error(`${tool.name} is required in CI (apt-get install -y ${tool.install})`);
  console.warn(
    `note: ${tool.name} is not installed: its runner test skips (apt-get install -y ${tool.install})`,
  );
  return false;
}
