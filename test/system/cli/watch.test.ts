/**
 * `check --watch` through the real CLI on a temp git repository: a fix saved
 * to disk is reported as a finding gone, with the new verdict, and Ctrl-C
 * ends the watch with the last verdict's exit code.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../../support/cli.ts';
import { gitProject } from '../../support/git-project.ts';
import { tempDir, writeFiles } from '../../support/temp.ts';

const SPEC = `# greeter {#root}

@fact:GREETS-BY-NAME It greets by name. @status:impl/done

@fact:WAVES It waves. @status:impl/done
`;

function project(): string {
  return gitProject({
    'factline.config.json': '{"sources": ["src/**/*.ts"], "tests": ["test/**/*.ts"]}\n',
    'specs/greeter.md': SPEC,
    'src/greet.ts':
      '// @implements greeter#GREETS-BY-NAME\n// @implements greeter#WAVES\nexport const greet = 1;\n',
    'test/greet.test.ts': "// @verifies greeter#GREETS-BY-NAME\nit('greets', () => {});\n",
  });
}

/** A running `factline check --watch`: its output so far, a wait for a text, and its end. */
function startWatch(root: string) {
  const child = spawn(process.execPath, [BIN, 'check', '--watch'], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: (() => void)[] = [];
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
    for (const w of waiters.splice(0)) w();
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  const waitFor = (text: string, from = 0): Promise<void> =>
    new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no "${text}" in:\n${stdout}\n${stderr}`)), 20_000);
      const look = () => {
        if (stdout.indexOf(text, from) !== -1) {
          clearTimeout(timer);
          done();
        } else waiters.push(look);
      };
      look();
    });
  return { child, exited, waitFor, out: () => stdout };
}

describe('check --watch', () => {
  // @verifies engine#WATCH-RERUNS-ON-CHANGE
  it('reports a fix saved to disk as the finding gone and the new verdict, and nothing else', async () => {
    const root = project();
    const watch = startWatch(root);
    try {
      await watch.waitFor('watching ');
      expect(watch.out()).toContain('error missing-verification greeter#WAVES');
      const mark = watch.out().length;
      writeFileSync(join(root, 'test/wave.test.ts'), "// @verifies greeter#WAVES\nit('waves', () => {});\n");
      await watch.waitFor('OK ', mark);
      const after = watch.out().slice(mark);
      expect(after).toMatch(/^\n- specs\/greeter\.md:\d+:\d+: error missing-verification greeter#WAVES/);
      expect(after).not.toContain('greeter (specs/greeter.md)');
      // A change to a file the gate does not read starts no run.
      const quiet = watch.out().length;
      writeFileSync(join(root, 'notes.txt'), 'not read by the gate\n');
      // Then one it does read: the run that follows is the only one printed.
      writeFileSync(join(root, 'test/wave.test.ts'), "it('waves', () => {});\n");
      await watch.waitFor('FAIL ', quiet);
      expect(watch.out().slice(quiet)).toMatch(
        /^\n\+ specs\/greeter\.md:\d+:\d+: error missing-verification/,
      );
      watch.child.kill('SIGINT');
      expect(await watch.exited).toBe(1);
    } finally {
      watch.child.kill('SIGKILL');
    }
  });

  // @verifies engine#WATCH-SEES-THROUGH-LINKS
  it('runs again after an edit behind a symbolic link to the test folder, saved under the real path', async () => {
    const root = project();
    // The config reads `test/**`; `test` is a link to `suites/unit`, where the files really are.
    mkdirSync(join(root, 'suites'));
    renameSync(join(root, 'test'), join(root, 'suites/unit'));
    symlinkSync('suites/unit', join(root, 'test'));
    const watch = startWatch(root);
    try {
      await watch.waitFor('watching ');
      expect(watch.out()).toContain('error missing-verification greeter#WAVES');
      const mark = watch.out().length;
      // An editor opens the real file: the watcher reports suites/unit/wave.test.ts.
      writeFileSync(
        join(root, 'suites/unit/wave.test.ts'),
        "// @verifies greeter#WAVES\nit('waves', () => {});\n",
      );
      await watch.waitFor('OK ', mark);
      expect(watch.out().slice(mark)).toMatch(
        /^\n- specs\/greeter\.md:\d+:\d+: error missing-verification greeter#WAVES/,
      );
      // And through the link's own path the same.
      const again = watch.out().length;
      writeFileSync(join(root, 'test/wave.test.ts'), "it('waves', () => {});\n");
      await watch.waitFor('FAIL ', again);
      watch.child.kill('SIGINT');
      expect(await watch.exited).toBe(1);
    } finally {
      watch.child.kill('SIGKILL');
    }
  });

  // @verifies engine#WATCH-SEES-OUTSIDE-FILES
  it('runs again after an edit to a spec the config reads from outside the project', async () => {
    const around = tempDir('watch-outside');
    const root = join(around, 'repo');
    writeFiles(around, {
      'shared/ext.md': '# ext\n\n@fact:EXT It is outside. @status:impl/work\n',
      'repo/factline.config.json':
        '{"specs": ["specs/**/*.md", "../shared/**/*.md"], "sources": ["src/**/*.ts"], "tests": ["test/**/*.ts"]}\n',
      'repo/specs/greeter.md': '# greeter\n\n@fact:GREETS It greets. @status:impl/done\n',
      'repo/src/greet.ts': '// @implements greeter#GREETS\nexport const greet = 1;\n',
      'repo/test/greet.test.ts': "// @verifies greeter#GREETS\nit('greets', () => {});\n",
    });
    const watch = startWatch(root);
    try {
      await watch.waitFor('watching ');
      expect(watch.out()).toContain('OK ');
      const mark = watch.out().length;
      // The outside fact becomes due, with no code or test: the gate fails.
      writeFileSync(join(around, 'shared/ext.md'), '# ext\n\n@fact:EXT It is outside. @status:impl/done\n');
      await watch.waitFor('FAIL ', mark);
      expect(watch.out().slice(mark)).toMatch(
        /\+ \.\.\/shared\/ext\.md:\d+:\d+: error missing-implementation ext#EXT/,
      );
      watch.child.kill('SIGINT');
      expect(await watch.exited).toBe(1);
    } finally {
      watch.child.kill('SIGKILL');
    }
  });
});
