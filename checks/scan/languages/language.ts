/**
 * A language as a unit: one module per language under `languages/` exports
 * one of these, and everything factline says or does about the language
 * (which files are read, what a comment is, which strings are skipped, how
 * a citation's declaration is named, the docs' table) comes from it.
 */
import type { NotRun } from '../types.ts';
import type { Grammar, Span } from './grammar.ts';

/** How the line after a comment names the declaration a citation stands on. */
export interface Declarations {
  /**
   * A declaration line: group 1 the keyword, group 2 the name when there
   * is one (`fun greet(`, `def test_x(`, `class Server`).
   */
  line: RegExp;
  /** Keywords read as another in the label (`def`, `fn`, `func`, `fun` → `function`). */
  alias?: Readonly<Record<string, string>>;
  /** Lines that stand between a comment and its declaration (decorators, annotations, attributes), brackets balanced over lines. */
  annotation?: RegExp;
}

/** What a comment's citation learns from the declaration below it, for a test-marker hook to read. */
export interface Following {
  symbol: string | undefined;
  /** The annotation lines between the comment and the declaration, trimmed. */
  annotations: string[];
  /** The offset of the declaration's line in the file, when there is one. */
  at?: number;
}

/** Whether a citation stands in a test, and whether that test is marked never to run. */
export interface TestMarking {
  inTest?: boolean;
  notRun?: NotRun;
}

export interface Language {
  /** The name the docs show. */
  name: string;
  /** File extensions, lower case, without the dot. */
  extensions: readonly string[];
  /** How the docs' table shows the comments (derived from the grammar unless `reader` replaces it). */
  comments?: string;
  /** How the docs' table shows the strings and text skipped, when the grammar's forms do not say it all. */
  strings?: string;
  /** What the docs' table adds after the strings (Rust's attributes). */
  notes?: string;
  grammar: Grammar;
  /** A reader of its own, for what a grammar of tokens cannot say (heredoc bodies, YAML's indentation). */
  reader?: (text: string) => Span[];
  declarations?: Declarations;
  /** Test-marker forms: whether a citation on this declaration is test code, and never runs. */
  /** Test-marker forms, per file (`text`): whether a citation on a declaration is test code, and never runs. */
  testMarking?: (text: string) => (following: Following) => TestMarking;
  /**
   * Read as the language reads itself (its tokenizer or its documented
   * lexical grammar, with a differential or case table and a grammar fuzz):
   * only these are listed as supported. Otherwise what it does not yet read.
   */
  supported: true | { not: string };
}
