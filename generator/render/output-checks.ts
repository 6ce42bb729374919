/**
 * The output checks that need no tool beyond Node: TypeScript/JavaScript by
 * TypeScript's parser (syntax.ts), JSON, YAML and TOML by their parsers.
 * Python, Rust and Go are checked by their own compilers, which only the
 * engine may run. Each problem is at a line and column of the output. Pure.
 */
import { parse as parseToml } from 'smol-toml';
import { parseAllDocuments } from 'yaml';
import type { OutputCheck } from './languages/types.ts';

export interface OutputProblem {
  line: number;
  column: number;
  message: string;
}

/** Line and column (1-based) of an offset. */
export function placeOfOffset(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset)).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

function jsonProblems(text: string): OutputProblem[] {
  try {
    JSON.parse(text);
    return [];
  } catch (error) {
    const message = (error as Error).message;
    const at = /position (\d+)/.exec(message);
    const place = at ? placeOfOffset(text, Number(at[1])) : { line: 1, column: 1 };
    return [{ ...place, message: message.replace(/^JSON\.parse: /, '') }];
  }
}

function yamlProblems(text: string): OutputProblem[] {
  return parseAllDocuments(text, { prettyErrors: true })
    .flatMap((doc) => ('errors' in doc ? doc.errors : []))
    .map((e) => ({
      line: e.linePos?.[0].line ?? 1,
      column: e.linePos?.[0].col ?? 1,
      message: e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''),
    }));
}

function tomlProblems(text: string): OutputProblem[] {
  try {
    parseToml(text);
    return [];
  } catch (error) {
    const e = error as Error & { line?: number; column?: number };
    return [
      {
        line: e.line ?? 1,
        column: e.column ?? 1,
        message: e.message.split('\n')[0]!.replace(/^Invalid TOML document: /, ''),
      },
    ];
  }
}

/** Problems of a data output; undefined for a check this module does not run. */
// @implements generator#OUTPUT-CHECKED-PER-LANGUAGE
export function dataProblems(check: OutputCheck, text: string): OutputProblem[] | undefined {
  if (check === 'json') return jsonProblems(text);
  if (check === 'yaml') return yamlProblems(text);
  if (check === 'toml') return tomlProblems(text);
  return undefined;
}
