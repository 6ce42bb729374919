#!/usr/bin/env node
// The entry point. Installed, factline is its compiled CLI (dist/cli-main.js)
// and nothing else: the package ships no sources. In a checkout (the sources
// beside this file) the compiled copy runs while every source it was built
// from is unchanged (bin/fresh-build.js); otherwise the sources run through
// tsx, a dev dependency, so there is no build step between an edit and a run.
// @implements adoption#PACKAGE-RUNS-INSTALLED
import { existsSync } from 'node:fs';

const argv = process.argv.slice(2);
const io = {
  cwd: process.cwd(),
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  onInterrupt(stop) {
    process.once('SIGINT', stop).once('SIGTERM', stop);
    return () => process.off('SIGINT', stop).off('SIGTERM', stop);
  },
};

// A reader that stops early (`factline check | head`) closes the pipe: the
// rest of the output has nowhere to go, but the command still finishes and
// exits with its own verdict, with no EPIPE stack trace on stderr.
// (`serve` is left alone: there a closed stdout means the client is gone.)
// @implements cli#CLI-CLOSED-PIPE-QUIET
if (argv[0] !== 'serve') {
  process.stdout.on('error', (error) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
  });
}

/**
 * A plain `check` whose stored result still holds (every input the run that
 * stored it looked at is as it was, engine/cache/result-hit.ts) prints that
 * result before anything else of factline loads. A build without the check,
 * or any failure in it, is a miss: the CLI runs.
 */
// @implements engine#WHOLE-RESULT-LOADS-LITTLE
async function storedResult(url) {
  if (argv[0] !== 'check') return undefined;
  let hit;
  try {
    hit = (await import(url.href)).storedResultFor(argv, process);
  } catch {
    return undefined;
  }
  if (hit === undefined) return undefined;
  if (hit.stdout.length > 0) process.stdout.write(hit.stdout);
  if (hit.stderr.length > 0) process.stderr.write(hit.stderr);
  return hit.code;
}

async function main() {
  if (!existsSync(new URL('../cli/main.ts', import.meta.url))) {
    // Installed from a git URL, factline is built by its `prepare`, which npm runs only when
    // the project's allowScripts names that URL (npm 11 warns, npm 12 skips it): say so.
    // @implements adoption#PACKAGE-FROM-GIT-URL
    if (!existsSync(new URL('../dist/cli-main.js', import.meta.url))) {
      process.stderr.write(
        "factline: this install was never built (no dist/): installed from a git URL, it builds with its `prepare` script, which npm runs only when your package.json's allowScripts names that URL. Fix: npm pkg set 'allowScripts[THE-GIT-URL]=true' --json, then npm install again (or install the tarball of `npm pack`, which holds the build).\n",
      );
      return 2;
    }
    const stored = await storedResult(new URL('../dist/cli-result-hit.js', import.meta.url));
    if (stored !== undefined) return stored;
    const { runCli } = await import('../dist/cli-main.js');
    return runCli(argv, io);
  }
  // @implements cli#COMPILED-CLI
  const { freshCliBuild } = await import('./fresh-build.js');
  const compiled = freshCliBuild();
  if (compiled !== undefined && process.env.FACTLINE_FROM_SOURCE !== '1') {
    const stored = await storedResult(new URL('cli-result-hit.js', compiled));
    if (stored !== undefined) return stored;
    const { runCli } = await import(compiled.href);
    return runCli(argv, io);
  }
  const { register } = await import('tsx/esm/api');
  register();
  const { runCli } = await import('../cli/main.ts');
  return runCli(argv, io);
}

process.exitCode = await main();
