/**
 * A language without comments (JSON) cannot carry the generated header, so
 * the header of each such output is kept in one manifest beside them,
 * `OUT/.factline-generated.json`: spec, template and body digest by path.
 * It is itself an output of the plan, so drift in it is drift. Pure.
 */
import { lf, type ParsedHeader, sha256 } from './header.ts';
import type { SourceText } from './types.ts';

export const MANIFEST_NAME = '.factline-generated.json';
/** The manifest's "template" in plans and findings. */
export const MANIFEST_TEMPLATE = '(header-less outputs)';

interface Entry {
  spec: string;
  template: string;
  'body-sha256': string;
}

export const manifestPath = (outDir: string) => {
  const out = outDir.replace(/\/+$/, '');
  return out === '' || out === '.' ? MANIFEST_NAME : `${out}/${MANIFEST_NAME}`;
};

// @implements generator#HEADERLESS-MANIFEST
/** The entries of the manifest among the files on disk (none when it is missing or unreadable). */
export function readManifest(existing: readonly SourceText[], outDir: string): Map<string, Entry> {
  const file = existing.find((f) => f.path === manifestPath(outDir));
  if (!file) return new Map();
  try {
    const parsed = JSON.parse(file.text) as { files?: Record<string, Entry> };
    return new Map(Object.entries(parsed.files ?? {}));
  } catch {
    return new Map();
  }
}

/** The header a manifest entry gives a file, as readHeader gives one. */
export function manifestHeader(entry: Entry | undefined, text: string): ParsedHeader | undefined {
  if (!entry) return undefined;
  const body = lf(text);
  return {
    spec: entry.spec,
    template: entry.template,
    recorded: entry['body-sha256'],
    body,
    intact: sha256(body) === entry['body-sha256'],
  };
}

/** The manifest's text for the header-less outputs of one run. */
export function manifestText(
  outputs: readonly { path: string; spec: string; template: string; body: string }[],
): string {
  const files: Record<string, Entry> = {};
  for (const o of [...outputs].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    files[o.path] = { spec: o.spec, template: o.template, 'body-sha256': sha256(o.body) };
  }
  return `${JSON.stringify({ generatedBy: 'factline gen', files }, null, 2)}\n`;
}
