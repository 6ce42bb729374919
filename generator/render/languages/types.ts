/**
 * What the generator knows about a target language: where a piece of
 * generated text stands (code, a comment, a string), how spec text is made
 * inert there, how a typed value is written as a literal and how a fact is
 * cited. One table (table.ts) maps file extensions to these. Pure.
 */

/** Where an interpolation lands in the rendered output. */
export type Context =
  | { kind: 'code' }
  | { kind: 'line-comment' }
  | { kind: 'block-comment' }
  | {
      kind: 'string';
      /** The opening delimiter as written (`'`, `"""`, `r#"`, a backtick, …). */
      quote: string;
      /** No escapes are read inside (Rust r"…", Python r'…', Go raw strings, YAML block scalars). */
      raw?: boolean;
      /** `${…}` or `{…}` would be read as code inside (JS template literals, Python f-strings). */
      interpolates?: boolean;
      /**
       * A YAML plain scalar that the template starts with a word and a space
       * before any interpolation (`see {{x}}`): whatever non-blank word-like
       * text follows, it reads as a string in YAML 1.1 and 1.2 alike.
       */
      wordLed?: boolean;
    }
  /** A place no spec text may go (a regular expression, a Rust char literal, JSX text). */
  | { kind: 'other'; what: string };

/** A typed value as the spec gives it, before any language writes it. */
export type Scalar =
  | { kind: 'string'; value: string }
  | { kind: 'integer'; value: string }
  | { kind: 'number'; value: string }
  | { kind: 'boolean'; value: boolean };

/** What `{{cite}}` knows about the fact it cites. */
export interface CiteData {
  /** `doc#ID` */
  address: string;
  /** `spec://NAMESPACE/doc#ID` when the project has a namespace. */
  uri?: string;
  /** The pin as the template wrote it (`3fa2c19b` or `r2`), when it wrote one. */
  pin?: string;
  /** The fact's first sentence (raw spec text: the language neutralises it). */
  summary: string;
}

export type Escaped = { ok: true; text: string } | { ok: false; why: string; fix: string };

/** How rendered output is checked before anything is written. */
export type OutputCheck = 'typescript' | 'json' | 'yaml' | 'toml' | 'python' | 'rust' | 'go' | 'none';

export interface Language {
  id: string;
  /** As people call it, for messages. */
  name: string;
  extensions: readonly string[];
  /** The line comment opener, when the language has one (the generated header uses it). */
  lineComment?: string;
  /** How the generated header is commented; none for a language without comments (JSON). */
  header?: { open: string; close?: string };
  /** The context at each offset of `text` (offsets ascending). */
  contexts(text: string, offsets: readonly number[]): Context[];
  /** Spec text made inert (comments) or exact (strings) where it lands; refused where neither can be. */
  escape(context: Context, text: string): Escaped;
  /** A value as a literal of the language, for a code context. */
  literal(value: Scalar): string;
  /** `{{cite}}` in a code context: the citation as the language's carrier (a comment, an attribute). */
  cite(data: CiteData): Escaped;
  check: OutputCheck;
}
