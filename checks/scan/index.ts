/** Picks the scanner for a file by its extension; unknown extensions yield nothing. */
import { type CommentStyle, scanComments } from './generic.ts';
import { isJtdFile, scanJtd } from './jtd.ts';
import { scanRust } from './rust.ts';
import type { ScannedCitation } from './types.ts';
import { scanTypeScript } from './typescript.ts';

export { mayHoldCitations, parseCitations, type RawCitation } from './refs.ts';
export type { ScannedCitation } from './types.ts';

const TS_EXTENSIONS = new Set(['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs']);
const STYLES: Record<string, CommentStyle> = {
  go: 'slash',
  c: 'slash',
  h: 'slash',
  cc: 'slash',
  cpp: 'slash',
  hpp: 'slash',
  java: 'slash',
  kt: 'slash',
  swift: 'slash',
  cs: 'slash',
  scala: 'slash',
  zig: 'slash',
  py: 'hash',
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  rb: 'ruby',
  pl: 'hash',
  r: 'hash',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'hash',
  hbs: 'handlebars',
  handlebars: 'handlebars',
};

export function extensionOf(file: string): string {
  const slash = file.lastIndexOf('/');
  const dot = file.lastIndexOf('.');
  return dot > slash ? file.slice(dot + 1).toLowerCase() : '';
}

/** Whether factline knows how to find comments in this file. */
export function isScannable(file: string): boolean {
  const ext = extensionOf(file);
  return TS_EXTENSIONS.has(ext) || ext === 'rs' || ext in STYLES || isJtdFile(file);
}

export function scanFile(file: string, text: string): ScannedCitation[] {
  const ext = extensionOf(file);
  if (TS_EXTENSIONS.has(ext)) return scanTypeScript(text, file);
  if (ext === 'rs') return scanRust(text, file);
  if (isJtdFile(file)) return scanJtd(text, file);
  const style = STYLES[ext];
  return style ? scanComments(text, style) : [];
}
