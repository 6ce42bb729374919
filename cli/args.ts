/**
 * Command-line arguments: each command declares its options once, as a table,
 * and gets back typed values, its positionals and a generated `--help`.
 * Node's `util.parseArgs` splits the words (`--flag=value`, `-jq`, `--`);
 * this module adds what it lacks: list flags that take several values,
 * optional values, did-you-mean, conflicts, and messages that name the fix.
 */
import { parseArgs } from 'node:util';
import { nearestOne, UsageError } from '../engine/index.ts';

/** One row of a command's table. */
export type OptionSpec =
  | { type: 'boolean'; short?: string; help: string }
  /** `bare`: the value when the flag is given without one (`--changed` = `--changed=HEAD`). */
  /**
   * `empty`: what an empty value means, when one is allowed (`--summary "$GITHUB_STEP_SUMMARY"` with the
   * variable unset, run locally); the value is then `''` and the command treats it as not given.
   */
  | {
      type: 'string';
      short?: string;
      value: string;
      help: string;
      default?: string;
      bare?: string;
      empty?: string;
    }
  /** Several values: `--specs a b` (every following word up to the next option) or `--specs a --specs b`. */
  | { type: 'list'; short?: string; value: string; help: string };

export type OptionTable = Record<string, OptionSpec>;

export interface CommandSpec<T extends OptionTable> {
  name: string;
  /** The positional words in the usage line, e.g. `[SPEC…]` or `REF`; absent: none accepted. */
  positionals?: { usage: string; min?: number; max?: number };
  options: T;
  /** Prose between the usage line and the option list. */
  about: string;
  /** Prose after the option list (exit codes, examples). */
  epilog?: string;
  /** Flags that make no sense together: `[a, b, why]`. */
  conflicts?: readonly (readonly [keyof T & string, keyof T & string, string])[];
}

type ValueOf<O extends OptionSpec> = O extends { type: 'boolean' }
  ? boolean
  : O extends { type: 'list' }
    ? string[] | undefined
    : O extends { default: string }
      ? string
      : string | undefined;

export type Values<T extends OptionTable> = { -readonly [K in keyof T]: ValueOf<T[K]> };

export interface Parsed<T extends OptionTable> {
  values: Values<T>;
  positionals: string[];
}

/**
 * Rows every command that has the option uses as they are, so one short flag
 * means one thing everywhere (a test walks every command's table).
 */
// @implements cli#ARGS-SAME-SHORT-FLAGS
export const SHARED = {
  config: {
    type: 'string',
    short: 'c',
    value: 'FILE',
    help: 'use this config instead of ./factline.config.json',
  },
  json: { type: 'boolean', short: 'j', help: 'machine-readable JSON on stdout instead of the text report' },
  strict: {
    type: 'boolean',
    short: 's',
    help: 'service units (kebab-case ids) need evidence like normative facts',
  },
  out: { type: 'string', short: 'o', value: 'FILE', help: 'where to write' },
  quiet: { type: 'boolean', short: 'q', help: 'no progress on stderr' },
  specs: {
    type: 'list',
    value: 'PATH…',
    help: 'spec files or directories (every .md beneath) instead of the config’s',
  },
  results: {
    type: 'list',
    value: 'FILE…',
    help: 'test results files (vitest/Jest JSON, JUnit XML) instead of the config’s `results`: a @verifies counts only when its test passed',
  },
  where: {
    type: 'list',
    value: 'EXPR…',
    help: 'only facts whose attributes match every EXPR: KEY=VALUE, KEY!=VALUE (also facts without KEY) or KEY (has it); a key typed in the config compares as its type',
  },
} as const satisfies OptionTable;

/** Options every command has; main.ts answers them before the command runs. */
const HELP_ROW = { type: 'boolean', short: 'h', help: 'print this help' } as const satisfies OptionSpec;

export function defineCommand<const T extends OptionTable>(spec: CommandSpec<T>): CommandSpec<T> {
  return spec;
}

const hint = (name: string) => ` (see \`factline ${name} --help\`)`;

function unknownOption<T extends OptionTable>(spec: CommandSpec<T>, raw: string): UsageError {
  const known = [...Object.keys(spec.options), 'help'];
  const long = raw.replace(/^-+/, '').replace(/=.*$/, '');
  const near = raw.startsWith('--') ? nearestOne(long, known) : undefined;
  const mean = near ? `; did you mean \`--${near}\`?` : '';
  return new UsageError(`unknown option \`${raw}\`${mean}${hint(spec.name)}`);
}

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];
type RawValues = Record<string, string | boolean | string[] | undefined>;
/** The option that takes the next positional word: a list (any number) or a bare optional value (one). */
type Taking = { name: string; list: boolean } | undefined;

/** The words of `argv`, split by util.parseArgs (`--a=b`, `-jq`, `--`); judging them is ours. */
function tokenize<T extends OptionTable>(spec: CommandSpec<T>, argv: string[]): Token[] {
  const options: Record<string, { type: 'boolean' | 'string'; short?: string }> = {
    help: { type: 'boolean', short: 'h' },
  };
  for (const [name, o] of Object.entries(spec.options)) {
    // An optional value is split as a switch, so the next word is not swallowed; applyOption takes it.
    const type = o.type === 'boolean' || (o.type === 'string' && o.bare !== undefined) ? 'boolean' : 'string';
    options[name] = { type, ...(o.short ? { short: o.short } : {}) };
  }
  try {
    return parseArgs({ args: argv, options, strict: false, allowPositionals: true, tokens: true }).tokens;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}${hint(spec.name)}`);
  }
}

/** Records one option token in `values`; returns what takes the following positional words. */
function applyOption<T extends OptionTable>(
  spec: CommandSpec<T>,
  token: Extract<Token, { kind: 'option' }>,
  values: RawValues,
): Taking {
  const o = spec.options[token.name];
  if (!o) throw unknownOption(spec, token.rawName);
  const flag = `--${token.name}`;
  const value = token.value;
  if (o.type === 'boolean') {
    if (value !== undefined)
      throw new UsageError(`${flag} takes no value; write ${flag} alone${hint(spec.name)}`);
    values[token.name] = true;
    return undefined;
  }
  if (o.type === 'string' && o.bare !== undefined) {
    values[token.name] = value ?? o.bare;
    return value === undefined ? { name: token.name, list: false } : undefined;
  }
  // util.parseArgs hands `--out --quiet` the word `--quiet` as the value: a missing value, really.
  const swallowed = value !== undefined && !token.inlineValue && value.startsWith('-');
  if (o.type === 'string' && o.empty !== undefined && value === '') {
    values[token.name] = '';
    return undefined;
  }
  if (swallowed || (o.type === 'string' && !value)) throw needsValue(spec, flag, o.value);
  if (o.type === 'string') values[token.name] = value;
  else {
    const list = (values[token.name] as string[] | undefined) ?? [];
    if (value) list.push(value);
    values[token.name] = list;
  }
  return o.type === 'list' ? { name: token.name, list: true } : undefined;
}

/** Parses `argv` against the table; every mistake is a UsageError naming the flag and the fix. */
// @implements cli#ARGS-ONE-TABLE
export function parseCommandArgs<T extends OptionTable>(spec: CommandSpec<T>, argv: string[]): Parsed<T> {
  const values: RawValues = {};
  for (const [name, o] of Object.entries(spec.options)) {
    values[name] = o.type === 'boolean' ? false : o.type === 'string' ? o.default : undefined;
  }
  const positionals: string[] = [];
  let taking: Taking;
  for (const token of tokenize(spec, argv)) {
    if (token.kind === 'positional') {
      if (!taking) positionals.push(token.value);
      else if (taking.list) (values[taking.name] as string[]).push(token.value);
      else {
        values[taking.name] = token.value;
        taking = undefined;
      }
    } else {
      taking =
        token.kind === 'option' && token.name !== 'help' ? applyOption(spec, token, values) : undefined;
    }
  }
  for (const [name, o] of Object.entries(spec.options)) {
    const v = values[name];
    if (o.type === 'list' && Array.isArray(v) && v.length === 0) throw needsValue(spec, `--${name}`, o.value);
  }
  checkPositionals(spec, positionals);
  for (const [a, b, why] of spec.conflicts ?? []) {
    if (isGiven(values[a]) && isGiven(values[b])) {
      throw new UsageError(`--${a} cannot be combined with --${b}: ${why}${hint(spec.name)}`);
    }
  }
  return { values: values as Values<T>, positionals };
}

const isGiven = (v: unknown) => v !== undefined && v !== false;

function needsValue<T extends OptionTable>(spec: CommandSpec<T>, flag: string, value: string): UsageError {
  return new UsageError(
    `${flag} needs a value (${value}); write ${flag} ${value} or ${flag}=${value}${hint(spec.name)}`,
  );
}

function checkPositionals<T extends OptionTable>(spec: CommandSpec<T>, positionals: string[]): void {
  const p = spec.positionals;
  const first = positionals[0];
  if (!p) {
    if (first !== undefined) {
      throw new UsageError(
        `unexpected argument \`${first}\`: ${spec.name} takes only options${hint(spec.name)}`,
      );
    }
    return;
  }
  const min = p.min ?? 0;
  const max = p.max ?? Number.POSITIVE_INFINITY;
  if (positionals.length < min || positionals.length > max) {
    const count =
      min === max ? `exactly ${min}` : positionals.length < min ? `at least ${min}` : `at most ${max}`;
    throw new UsageError(
      `${spec.name} takes ${count} ${p.usage}, got ${positionals.length}${hint(spec.name)}`,
    );
  }
}

/** `--config FILE` / `-c, --config FILE`: the left column of one row. */
function flagColumn(name: string, o: OptionSpec): string {
  const value =
    o.type === 'boolean' ? '' : o.type === 'string' && o.bare !== undefined ? ` [${o.value}]` : ` ${o.value}`;
  return `${o.short ? `-${o.short}, ` : '    '}--${name}${value}`;
}

/** Words of `text` in lines of at most `width` characters (a longer word stands alone); newlines kept. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      if (line !== '' && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else line = line === '' ? word : `${line} ${word}`;
    }
    lines.push(line);
  }
  return lines;
}

const WIDTH = 80;
const LIST_NOTE =
  'A list option takes every following word up to the next option (so write other arguments before it); repeating it adds more.';

/** The usage line, wrapped under the command name. */
function usageLine<T extends OptionTable>(spec: CommandSpec<T>): string {
  const head = `usage: factline ${spec.name}`;
  const words = [
    ...(spec.positionals ? [spec.positionals.usage] : []),
    ...Object.entries(spec.options).map(([name, o]) => {
      if (o.type === 'boolean') return `[--${name}]`;
      if (o.type === 'string' && o.bare !== undefined) return `[--${name} [${o.value}]]`;
      return `[--${name} ${o.value}]`;
    }),
  ];
  const lines: string[] = [];
  let line = head;
  for (const word of words) {
    if (line.length + 1 + word.length > WIDTH && line.trim() !== '') {
      lines.push(line);
      line = ' '.repeat(head.length);
    }
    line = `${line} ${word}`;
  }
  lines.push(line);
  return lines.join('\n');
}

/** `factline NAME --help`, generated from the table. */
// @implements cli#ARGS-HELP-FROM-TABLE
export function helpText<T extends OptionTable>(spec: CommandSpec<T>): string {
  const rows: [string, OptionSpec][] = [...Object.entries(spec.options), ['help', HELP_ROW]];
  const column = Math.min(28, Math.max(...rows.map(([n, o]) => flagColumn(n, o).length)) + 2);
  const options = rows.flatMap(([name, o]) => {
    const left = flagColumn(name, o);
    const help =
      o.type === 'string' && o.default !== undefined ? `${o.help} (default: ${o.default})` : o.help;
    const [first = '', ...rest] = wrap(help, WIDTH - 2 - column);
    const head =
      left.length + 2 > column
        ? [`  ${left}`, `  ${' '.repeat(column)}${first}`]
        : [`  ${left.padEnd(column)}${first}`];
    return [...head, ...rest.map((r) => `  ${' '.repeat(column)}${r}`)];
  });
  const lists = rows.some(([, o]) => o.type === 'list') ? ['', ...wrap(LIST_NOTE, WIDTH)] : [];
  return [
    usageLine(spec),
    '',
    spec.about.trimEnd(),
    '',
    'options:',
    ...options,
    ...lists,
    ...(spec.epilog ? ['', spec.epilog.trimEnd()] : []),
    '',
  ].join('\n');
}
