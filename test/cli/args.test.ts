/** One option table per command: parsing, usage errors, the same short flags everywhere, generated help. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineCommand, parseCommandArgs } from '../../cli/args.ts';
import { UsageError } from '../../engine/errors.ts';
import { copyFixture, REPO, runInProcess } from '../support/cli.ts';

const COMMANDS = ['facts', 'lint', 'gen', 'check', 'report', 'explain', 'pin', 'serve'];

const DEMO = defineCommand({
  name: 'demo',
  positionals: { usage: '[REF…]', max: 2 },
  options: {
    json: { type: 'boolean', short: 'j', help: 'JSON' },
    force: { type: 'boolean', help: 'force' },
    out: { type: 'string', short: 'o', value: 'FILE', help: 'where', default: 'x.html' },
    config: { type: 'string', short: 'c', value: 'FILE', help: 'config' },
    specs: { type: 'list', value: 'PATH…', help: 'specs' },
    changed: { type: 'string', value: 'REF', help: 'changed since', bare: 'HEAD' },
  },
  about: 'A demo.',
  conflicts: [['json', 'force', 'JSON output is read-only']],
});

const parse = (...argv: string[]) => parseCommandArgs(DEMO, argv);
const usageError = (...argv: string[]): string => {
  try {
    parse(...argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`no usage error for ${argv.join(' ')}`);
};

/** `-x, --name` pairs of one help text. */
function shortFlags(help: string): Map<string, string> {
  return new Map([...help.matchAll(/^ {2}-(\w), --([\w-]+)/gm)].map((m) => [m[1]!, m[2]!]));
}

describe('an option table', () => {
  // @verifies cli#ARGS-ONE-TABLE
  it('gives typed values: defaults, =-forms, short flags, grouped shorts, lists and optional values', () => {
    expect(parse().values).toEqual({
      json: false,
      force: false,
      out: 'x.html',
      config: undefined,
      specs: undefined,
      changed: undefined,
    });
    const long = parse(
      '--out=r.html',
      '--config',
      'a.json',
      '--specs',
      'a.md',
      'b.md',
      '--specs=c.md',
      '--json',
    );
    expect(long.values).toMatchObject({
      out: 'r.html',
      config: 'a.json',
      specs: ['a.md', 'b.md', 'c.md'],
      json: true,
    });
    expect(long.positionals).toEqual([]);
    expect(parse('-jc', 'a.json', '-o', 'r.html').values).toMatchObject({
      json: true,
      config: 'a.json',
      out: 'r.html',
    });
    // Positionals before a list, or after `--`, stay positionals.
    expect(parse('A', '--specs', 'a.md', '--', 'B').positionals).toEqual(['A', 'B']);
    expect(parse('--changed').values.changed).toBe('HEAD');
    expect(parse('--changed', 'main').values.changed).toBe('main');
    expect(parse('--changed=v1', 'A').values.changed).toBe('v1');
    expect(parse('--changed=v1', 'A').positionals).toEqual(['A']);
  });

  // @verifies cli#ARGS-ONE-TABLE
  it('names the flag and the fix for every mistake', () => {
    expect(usageError('--jsno')).toBe(
      'unknown option `--jsno`; did you mean `--json`? (see `factline demo --help`)',
    );
    expect(usageError('-x')).toContain('unknown option `-x`');
    expect(usageError('--out')).toContain('--out needs a value (FILE); write --out FILE or --out=FILE');
    expect(usageError('--out', '--json')).toContain('--out needs a value');
    expect(usageError('--specs')).toContain('--specs needs a value (PATH…)');
    expect(usageError('--json=yes')).toContain('--json takes no value');
    expect(usageError('--json', '--force')).toContain(
      '--json cannot be combined with --force: JSON output is read-only',
    );
    expect(usageError('A', 'B', 'C')).toContain('demo takes at most 2 [REF…], got 3');
  });
});

describe('the commands', () => {
  // @verifies cli#ARGS-SAME-SHORT-FLAGS
  it('give one short flag one meaning everywhere, and the shared ones to every command that has the option', async () => {
    const meaning = new Map<string, string>();
    for (const name of COMMANDS) {
      const help = (await runInProcess(REPO, [name, '--help'])).stdout;
      for (const [short, long] of shortFlags(help)) {
        expect(meaning.get(short) ?? long, `-${short} in ${name}`).toBe(long);
        meaning.set(short, long);
      }
      for (const [long, short] of [
        ['config', 'c'],
        ['json', 'j'],
        ['strict', 's'],
        ['out', 'o'],
        ['quiet', 'q'],
      ]) {
        if (new RegExp(`^ {2}(-\\w, | {4})--${long}\\b`, 'm').test(help))
          expect(shortFlags(help).get(short!), `${name} --${long}`).toBe(long);
      }
    }
    expect(Object.fromEntries(meaning)).toMatchObject({
      c: 'config',
      j: 'json',
      s: 'strict',
      o: 'out',
      q: 'quiet',
      h: 'help',
    });
  });

  // @verifies cli#ARGS-SAME-SHORT-FLAGS
  it('take the short flags and =-forms wherever the long ones work', async () => {
    const dir = copyFixture('verified-not-implemented');
    writeFileSync(join(dir, 'alt.json'), readFileSync(join(dir, 'factline.config.json')));
    const long = await runInProcess(dir, ['check', '--json', '--config', 'alt.json', '--no-cache']);
    const short = await runInProcess(dir, ['check', '-j', '-c', 'alt.json', '--no-cache']);
    const eq = await runInProcess(dir, ['check', '-j', '--config=alt.json', '--no-cache']);
    expect(long.code).toBe(1);
    expect(short).toEqual(long);
    expect(eq).toEqual(long);
    const report = await runInProcess(dir, ['report', '-qo', 'r.html']);
    expect(report).toEqual({ code: 0, stdout: `${join(dir, 'r.html')}\n`, stderr: '' });
  });

  // @verifies cli#ARGS-HELP-FROM-TABLE
  it('print help generated from the table: every option in the usage line has a row, in the same order', async () => {
    for (const name of COMMANDS) {
      const help = await runInProcess(REPO, [name, '-h']);
      expect(help.code).toBe(0);
      const [usage, rest] = help.stdout.split('\n\n', 2) as [string, string];
      expect(usage).toMatch(new RegExp(`^usage: factline ${name}`));
      const inUsage = [...usage.matchAll(/\[--([\w-]+)/g)].map((m) => m[1]);
      const rows = [...help.stdout.matchAll(/^ {2}(?:-\w, | {4})--([\w-]+)/gm)].map((m) => m[1]);
      expect(rows, name).toEqual([...inUsage, 'help']);
      expect(rest.length).toBeGreaterThan(0);
    }
  });

  // @verifies cli#ARGS-ONE-TABLE
  it('answer a misspelt command or option with exit 2 and a did-you-mean', async () => {
    const command = await runInProcess(REPO, ['chekc']);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain('unknown command `chekc`; did you mean `check`?');
    const option = await runInProcess(REPO, ['explain', '--strcit', 'X']);
    expect(option.code).toBe(2);
    expect(option.stderr).toBe(
      'factline explain: unknown option `--strcit`; did you mean `--strict`? (see `factline explain --help`)\n',
    );
  });
});

describe('--version', () => {
  // @verifies cli#CLI-VERSION
  it('prints the version of package.json, as -v too', async () => {
    const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
    expect(await runInProcess(REPO, ['--version'])).toEqual({
      code: 0,
      stdout: `factline ${version}\n`,
      stderr: '',
    });
    expect((await runInProcess(REPO, ['-v'])).stdout).toBe(`factline ${version}\n`);
  });
});
