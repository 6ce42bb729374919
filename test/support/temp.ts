/** Temp folders that remove themselves when the test that made them ends. */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A fresh folder under the OS temp dir; call it inside a test (it is removed when that test ends). */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `factline-${prefix}-`));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A private copy of `source` (a folder), removed when the test ends. */
export function tempCopy(source: string, prefix: string): string {
  const dir = tempDir(prefix);
  cpSync(source, dir, { recursive: true });
  return dir;
}
