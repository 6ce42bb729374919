/** Throwaway projects on disk for writer tests: files by path, removed by `removeProjects()`. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const made: string[] = [];

/** The config of a project that generates `generated/` from `specs/doc.md` and `templates/`. */
export const GEN_CONFIG =
  '{"generate": {"spec": "specs/doc.md", "templates": "templates", "out": "generated"}, "sources": ["src/**/*"], "tests": ["test/**/*"]}';

/** A temp directory holding `files` (and the empty directories `dirs`). */
export function tempProject(files: Record<string, string | Buffer> = {}, dirs: string[] = []): string {
  const root = mkdtempSync(join(tmpdir(), 'factline-project-'));
  made.push(root);
  for (const d of dirs) mkdirSync(join(root, d), { recursive: true });
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

export function removeProjects(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}
