/**
 * Reading a docs/ page's examples, and playing a page as a project.
 *
 * A fenced block may carry, right under it, `<!-- expect KEY: VALUE -->`
 * lines. A page written as a walk through a project uses three more forms:
 * - a block whose caption (the line before it) is `` `PATH`: `` is a file
 *   of the project, written before the next command;
 * - a `console` block starting `$ npx factline ARGS` runs factline there, in
 *   this process, and its remaining lines are the output (stdout, then
 *   stderr); `<!-- expect exit: N -->` under it is the exit code;
 * - a block captioned `` … writes `PATH`: `` is what that file holds after
 *   the command before it.
 * Output names the project directory `/path/to/project`.
 * With UPDATE=1 the console outputs and written files are rewritten from
 * what factline printed and wrote, to be read over before committing; then
 * `npx biome check --write docs/` (it formats the pages' tables and code:
 * keep shown code in the formatter's style, or the two will disagree).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { REPO, runInProcess } from '../../support/cli.ts';
import { formatWritten } from '../../support/format-written.ts';

export interface Example {
  lang: string;
  body: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** Offsets of the body in the page text, for UPDATE. */
  bodyStart: number;
  bodyEnd: number;
  /** The caption line right before the fence (blank lines skipped), if any. */
  caption?: string;
  expect: Record<string, string>;
}

export const pagePath = (doc: string) => join(REPO, 'docs', doc);

/** Fenced blocks, their captions and the `<!-- expect KEY: VALUE -->` lines right under each. */
export function examplesOf(text: string): Example[] {
  const out: Example[] = [];
  // A fence of four or more backticks can hold one of three (a spec with code in it).
  const fence = /^(`{3,})([^`\s]*)\n([\s\S]*?)^\1\n((?:<!-- expect [^\n]*-->\n)*)/gm;
  for (const m of text.matchAll(fence)) {
    const expectations: Record<string, string> = {};
    for (const e of m[4]!.matchAll(/<!-- expect ([\w.-]+): (.*?) -->/g)) expectations[e[1]!] = e[2]!;
    const before = text.slice(0, m.index).trimEnd().split('\n');
    const caption = before.at(-1);
    const bodyStart = m.index + m[0].indexOf('\n') + 1;
    out.push({
      lang: m[2]!,
      body: m[3]!,
      line: text.slice(0, m.index).split('\n').length,
      bodyStart,
      bodyEnd: bodyStart + m[3]!.length,
      ...(caption !== undefined && caption.trim() !== '' ? { caption: caption.trim() } : {}),
      expect: expectations,
    });
  }
  return out;
}

export function examples(doc: string): Example[] {
  return examplesOf(readFileSync(pagePath(doc), 'utf8'));
}

export const list = (value: string | undefined) => (value ? value.split(/,\s*/) : []);

const FILE_CAPTION = /^`([^`]+)`:$/;
const WRITTEN_CAPTION = /writes `([^`]+)`:$/;

/** One command of a walk-through: the files written before it, and the files it must leave. */
export interface Step {
  files: { path: string; body: string }[];
  command: Example;
  args: string[];
  written: { path: string; block: Example }[];
}

/** The page as steps, in order; files after the last command are ignored (none are expected). */
export function stepsOf(blocks: readonly Example[]): Step[] {
  const steps: Step[] = [];
  let files: Step['files'] = [];
  for (const block of blocks) {
    const file = block.caption === undefined ? undefined : FILE_CAPTION.exec(block.caption)?.[1];
    const written = block.caption === undefined ? undefined : WRITTEN_CAPTION.exec(block.caption)?.[1];
    if (block.lang === 'console' && block.body.startsWith('$ npx factline ')) {
      const args = block.body.split('\n')[0]!.slice('$ npx factline '.length).trim().split(/\s+/);
      steps.push({ files, command: block, args, written: [] });
      files = [];
    } else if (written !== undefined) {
      steps.at(-1)?.written.push({ path: written, block });
    } else if (file !== undefined) {
      files.push({ path: file, body: block.body });
    }
  }
  return steps;
}

export interface RunOutcome {
  code: number;
  /** stdout then stderr, end trimmed. */
  output: string;
}

/** A temp project a page's steps play in; `remove()` when done. */
export class Playground {
  readonly dir = mkdtempSync(join(tmpdir(), 'factline-docs-'));
  /** UPDATE=1: replacements of block bodies, by body offset. */
  private readonly updates: { start: number; end: number; body: string }[] = [];

  write(path: string, body: string): void {
    mkdirSync(dirname(join(this.dir, path)), { recursive: true });
    writeFileSync(join(this.dir, path), body);
  }

  read(path: string): string {
    return readFileSync(join(this.dir, path), 'utf8');
  }

  async run(args: string[]): Promise<RunOutcome> {
    // PATH only: `conform` starts servers by name; no GITHUB_ACTIONS or FACTLINE_CONFIG leaks in.
    const env = { PATH: process.env.PATH ?? '', NO_COLOR: '1' };
    const r = await runInProcess(this.dir, args, { env });
    // The temp directory reads as the reader's own project.
    const output = `${r.stdout}${r.stderr}`.replaceAll(this.dir, '/path/to/project').trimEnd();
    return { code: r.code, output };
  }

  /** Plays one step: writes its files, runs its command; the outcome and what each written file holds. */
  async play(step: Step): Promise<RunOutcome & { files: { block: Example; text: string }[] }> {
    for (const f of step.files) this.write(f.path, f.body);
    const outcome = await this.run(step.args);
    const files = step.written.map((w) => ({ block: w.block, text: this.read(w.path) }));
    if (process.env.UPDATE) {
      const [first] = step.command.body.split('\n');
      this.update(step.command, `${first}\n${outcome.output}\n`);
      for (const f of files) this.update(f.block, f.text);
    }
    return { ...outcome, files };
  }

  private update(block: Example, body: string): void {
    if (block.body !== body) this.updates.push({ start: block.bodyStart, end: block.bodyEnd, body });
  }

  /** Under UPDATE=1, writes the collected outputs into the page. */
  flush(doc: string): void {
    if (!process.env.UPDATE || this.updates.length === 0) return;
    let text = readFileSync(pagePath(doc), 'utf8');
    for (const u of [...this.updates].sort((a, b) => b.start - a.start))
      text = text.slice(0, u.start) + u.body + text.slice(u.end);
    writeFileSync(pagePath(doc), text);
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The expected output of a console block: its lines after the command, end trimmed. */
export function expectedOutput(block: Example): string {
  return block.body.split('\n').slice(1).join('\n').trimEnd();
}

/**
 * A table a page keeps between `<!-- NAME:start -->` and `<!-- NAME:end -->`,
 * written from code: under UPDATE=1 it is rewritten from `rows` first. The
 * cells of the page's table and of `rows`, trimmed (a formatter may pad the
 * columns), separator rows left out.
 */
export function generatedTable(doc: string, name: string, rows: string[]) {
  const block = new RegExp(`<!-- ${name}:start -->\\n([\\s\\S]*)<!-- ${name}:end -->`);
  if (process.env.UPDATE) {
    const text = readFileSync(pagePath(doc), 'utf8');
    writeFileSync(
      pagePath(doc),
      text.replace(block, `<!-- ${name}:start -->\n${rows.join('\n')}\n<!-- ${name}:end -->`),
    );
    formatWritten(pagePath(doc));
  }
  const cells = (lines: string[]) =>
    lines.filter((r) => !/^\|[\s|-]+\|$/.test(r)).map((r) => r.split(/(?<!\\)\|/).map((c) => c.trim()));
  const written =
    block
      .exec(readFileSync(pagePath(doc), 'utf8'))?.[1]
      ?.trimEnd()
      .split('\n') ?? [];
  return { written: cells(written), expected: cells(rows) };
}

/** A Markdown table cell: pipes escaped. */
export const cell = (s: string) => s.replace(/\|/g, '\\|');

/**
 * A page's walk-through in a describe block: its steps as `it.each` cases
 * (line, command, step), and `play`, which runs one and holds its output, exit
 * code and written files to the page. The project goes when the block ends.
 */
export function walkThrough(doc: string) {
  const steps = stepsOf(examples(doc));
  const project = new Playground();
  afterAll(() => {
    project.flush(doc);
    project.remove();
  });
  return {
    steps,
    project,
    cases: steps.map((s) => [s.command.line, s.args.join(' '), s] as const),
    async play(step: Step): Promise<RunOutcome> {
      const run = await project.play(step);
      expect(run.output).toBe(expectedOutput(step.command));
      expect(String(run.code)).toBe(step.command.expect.exit);
      for (const file of run.files) expect(file.text, `line ${file.block.line}`).toBe(file.block.body);
      return run;
    },
  };
}
