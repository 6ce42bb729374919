/** A file that collects a step's output (`$GITHUB_STEP_SUMMARY`): appended to when it exists, else written atomically. */
import { appendFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../errors.ts';
import { writeOutputFile } from './output.ts';

export function appendOrWriteOutputFile(cwd: string, path: string, text: string): void {
  const target = resolve(cwd, path);
  if (!existsSync(target)) {
    writeOutputFile(cwd, path, text);
    return;
  }
  try {
    appendFileSync(target, text);
  } catch (error) {
    throw new UsageError(`cannot write ${path}: ${(error as Error).message}`);
  }
}
