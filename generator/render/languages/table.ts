/**
 * The language table: a template `NAME.EXT.hbs` renders as the language its
 * EXT names, and that language decides how spec text is escaped where it
 * lands, how typed values are written and how `{{cite}}` cites. An extension
 * missing here is refused with the list. Pure.
 */
import ts from 'typescript';
import { go, python, rust, typescript } from './code.ts';
import { json, markdown, toml, yaml } from './data.ts';
import type { Language } from './types.ts';

export const LANGUAGES: readonly Language[] = [
  typescript('typescript', 'TypeScript', ['ts', 'mts', 'cts'], ts.ScriptKind.TS),
  typescript('javascript', 'JavaScript', ['js', 'mjs', 'cjs'], ts.ScriptKind.JS),
  rust,
  python,
  go,
  json,
  yaml,
  toml,
  markdown,
];

const BY_EXTENSION = new Map(LANGUAGES.flatMap((l) => l.extensions.map((e) => [e, l] as const)));

/** Every extension a template may render to, for the refusal of any other. */
export const TEMPLATE_EXTENSIONS: readonly string[] = LANGUAGES.flatMap((l) => l.extensions);

/** The language of an output path (`generated/limits.rs` → Rust), when the table has it. */
// @implements generator#LANGUAGE-TABLE
export function languageOf(path: string): Language | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot === -1 ? undefined : BY_EXTENSION.get(name.slice(dot + 1).toLowerCase());
}
