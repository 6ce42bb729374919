/**
 * The output checks that need the language's own tool: Python by
 * `python3 -m py_compile`, Rust by `rustc --emit=metadata`, Go by `gofmt -e`.
 * Each output is written to a private temp directory and checked there; an
 * error is reported at the template line the failing output line came from.
 * A tool that is not installed skips its check with a note, never silently.
 * Tools are found on the PATH of the environment the command runs in.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { GenError, OutputCheck, OutputProblem, PlannedOutput } from '../../generator/render/index.ts';

interface Tool {
  command: string;
  args: (file: string, dir: string) => string[];
  /** Problems from the tool's output, at lines of the checked file. */
  problems: (stdout: string, stderr: string) => OutputProblem[];
  /** The text the tool checks: Rust's citation attributes need vibevm's crate, so they are blanked. */
  prepare?: (text: string) => string;
}

const TOOLS: Partial<Record<OutputCheck, Tool>> = {
  python: {
    command: 'python3',
    args: (file) => ['-m', 'py_compile', file],
    problems(_out, err) {
      if (err.trim() === '') return [];
      const line = Number(/line (\d+)/.exec(err)?.[1] ?? 1);
      const message = err
        .trim()
        .split('\n')
        .at(-1)!
        .replace(/\s*\(.*\.py, line \d+\)$/, '');
      return [{ line, column: 1, message }];
    },
  },
  rust: {
    command: 'rustc',
    args: (file, dir) => [
      '--edition=2021',
      '--crate-type=lib',
      '--emit=metadata',
      '--error-format=json',
      '-A',
      'warnings',
      '-o',
      join(dir, 'check.rmeta'),
      file,
    ],
    problems(_out, err) {
      return err
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map(
          (l) =>
            JSON.parse(l) as {
              level: string;
              message: string;
              spans: { line_start: number; column_start: number; is_primary: boolean }[];
            },
        )
        .filter((d) => d.level === 'error' && d.spans.length > 0)
        .map((d) => {
          const span = d.spans.find((s) => s.is_primary) ?? d.spans[0]!;
          return { line: span.line_start, column: span.column_start, message: d.message };
        });
    },
    prepare: (text) =>
      text.replace(/#\[spec\((?:implements|verifies|deviates) = "[^"\n]*"(?:, r = \d+)?\)\]/g, (m) =>
        ' '.repeat(m.length),
      ),
  },
  go: {
    command: 'gofmt',
    args: (file) => ['-e', '-l', file],
    problems: (_out, err) =>
      [...err.matchAll(/^[^\n]*?:(\d+):(\d+): ([^\n]*)$/gm)].map((m) => ({
        line: Number(m[1]),
        column: Number(m[2]),
        message: m[3]!,
      })),
  },
};

export interface CommandChecks {
  errors: GenError[];
  /** A check skipped because its tool is absent, one note per tool. */
  notes: string[];
}

/** Runs each output's language tool; outputs whose check is done in Node are left alone. */
// @implements generator#OUTPUT-CHECKED-PER-LANGUAGE
export function runOutputCommands(
  outputs: readonly PlannedOutput[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): CommandChecks {
  const errors: GenError[] = [];
  const missing = new Map<string, string[]>();
  // Made when the first output needs a tool: most runs check every output in Node and make none.
  let dir: string | undefined;
  try {
    for (const output of outputs) {
      const tool = output.check ? TOOLS[output.check] : undefined;
      if (!tool) continue;
      if (missing.has(tool.command)) {
        missing.get(tool.command)!.push(output.path);
        continue;
      }
      dir ??= mkdtempSync(join(tmpdir(), 'factline-gen-check-'));
      const file = join(dir, basename(output.path));
      writeFileSync(file, tool.prepare ? tool.prepare(output.text) : output.text);
      const run = spawnSync(tool.command, tool.args(file, dir), { encoding: 'utf8', timeout: 60_000, env });
      if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
        missing.set(tool.command, [output.path]);
        continue;
      }
      const problems = tool.problems(run.stdout ?? '', run.stderr ?? '');
      if (problems.length === 0 && run.status !== 0) {
        problems.push({
          line: 1,
          column: 1,
          message: `${tool.command} exited ${run.status}: ${(run.stderr ?? '').trim().split('\n')[0]}`,
        });
      }
      const [first, ...more] = problems;
      if (!first) continue;
      const excerpt = output.text.split('\n')[first.line - 1]?.trim() ?? '';
      errors.push({
        code: 'broken-output',
        file: output.template,
        line: output.templateLines?.[first.line - 1] || 1,
        column: 1,
        message: `renders code ${tool.command} refuses: ${output.path}:${first.line}:${first.column}: ${first.message} in \`${excerpt}\`${more.length > 0 ? ` (+${more.length} more)` : ''}`,
        fix: 'fix the template so its output compiles; nothing was written',
      });
    }
  } finally {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  }
  const notes = [...missing].map(
    ([command, paths]) =>
      `note: ${command} is not installed: ${paths.join(', ')} ${paths.length === 1 ? 'was' : 'were'} not checked by it`,
  );
  return { errors, notes };
}
