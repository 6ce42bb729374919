#!/usr/bin/env node
// The installed entry point: factline ships TypeScript sources and runs them
// through tsx's loader, so there is no build step between an edit and a run
// (tsx is therefore a runtime dependency, and package.json `files` ships the sources).
// @implements adoption#PACKAGE-RUNS-INSTALLED
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  onInterrupt(stop) {
    process.once('SIGINT', stop).once('SIGTERM', stop);
    return () => process.off('SIGINT', stop).off('SIGTERM', stop);
  },
});
