/** A file a command was asked to write (a report, SARIF, a baseline): written atomically, or a usage error naming it. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../errors.ts';
import { writeFileAtomic } from './atomic-write.ts';

/** Writes `text` to `path` (relative to `cwd`); the absolute path written. */
export function writeOutputFile(cwd: string, path: string, text: string): string {
  const target = resolve(cwd, path);
  try {
    writeFileAtomic(target, text);
  } catch (error) {
    throw new UsageError(`cannot write ${path}: ${(error as Error).message}`);
  }
  return target;
}

/** Reads a JSON file a command was given; unreadable or not JSON is a usage error naming it and `fix`. */
export function readInputJson(cwd: string, path: string, what: string, fix: string): unknown {
  try {
    return JSON.parse(readFileSync(resolve(cwd, path), 'utf8'));
  } catch (error) {
    throw new UsageError(`cannot read ${what} ${path}: ${(error as Error).message} (${fix})`);
  }
}
