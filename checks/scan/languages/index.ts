/**
 * Every language unit factline reads besides TS/JS. A new language is one
 * module here plus its case table (test/unit/checks/languages/cases/); the
 * docs' table of languages is rendered from this list (table.ts).
 */
import { c, cpp } from './c.ts';
import { csharp } from './csharp.ts';
import { go } from './go.ts';
import { handlebars } from './handlebars.ts';
import { java } from './java.ts';
import { kotlin } from './kotlin.ts';
import type { Language } from './language.ts';
import { perl } from './perl.ts';
import { python } from './python.ts';
import { r } from './r.ts';
import { ruby } from './ruby.ts';
import { rust } from './rust.ts';
import { scala } from './scala.ts';
import { shell } from './shell.ts';
import { swift } from './swift.ts';
import { toml } from './toml.ts';
import { yaml } from './yaml.ts';
import { zig } from './zig.ts';

export type { Language } from './language.ts';

/** In the docs' order. */
export const LANGUAGES: readonly Language[] = [
  rust,
  go,
  c,
  cpp,
  java,
  csharp,
  kotlin,
  swift,
  scala,
  zig,
  python,
  r,
  toml,
  yaml,
  shell,
  ruby,
  perl,
  handlebars,
];

const BY_EXTENSION = new Map<string, Language>();
for (const language of LANGUAGES) for (const ext of language.extensions) BY_EXTENSION.set(ext, language);

/** The language unit that reads files with this extension (lower case, no dot). */
export function languageOf(extension: string): Language | undefined {
  return BY_EXTENSION.get(extension);
}
