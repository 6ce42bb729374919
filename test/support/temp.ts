/** Temp folders that remove themselves when the test that made them ends, and the files written into them. */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

/** The config of a project that generates `generated/` from `specs/doc.md` and `templates/`. */
export const GEN_CONFIG =
  '{"generate": {"spec": "specs/doc.md", "templates": "templates", "out": "generated"}, "sources": ["src/**/*"], "tests": ["test/**/*"]}';

/** Writes each file (path → content) under `root`, making folders as needed. */
export function writeFiles(root: string, files: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** A fresh folder holding `files` by path (and the empty folders `dirs`), removed when the test ends. */
export function tempProject(files: Record<string, string | Buffer> = {}, dirs: string[] = []): string {
  const root = tempDir('project');
  for (const d of dirs) mkdirSync(join(root, d), { recursive: true });
  writeFiles(root, files);
  return root;
}
