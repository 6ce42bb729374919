/**
 * The gate core over a ScanBackend (checks/gate.ts), and the engine's
 * backends (engine/backends/): each gives the trace the plain one gives.
 */
import { describe, expect, it } from 'vitest';
import {
  readAndScan,
  readAndScanNow,
  readingBackend,
  type ScanBackend,
  traceFiles,
} from '../../../checks/gate.ts';
import { FileScanner } from '../../../checks/scan/dispatch.ts';
import { loadConfig } from '../../../engine/config/load.ts';
import { POOL_ENV } from '../../../engine/parallel/pool.ts';
import { Project } from '../../../engine/project.ts';
import { parseSpec } from '../../../reader/index.ts';
import { fixtureTrees } from '../../support/fixture-trees.ts';
import { tempCopy } from '../../support/temp.ts';

const SPEC = '# Doc\n\n@status:impl/done\n\n@fact:ALPHA Alpha holds.\n';
const specs = { documents: [parseSpec(SPEC, { file: 'specs/doc.md', doc: 'doc' })] };
const files = ['a.py', 'b.py', 'c.py'].map((file) => ({ file, inTest: false }));

/** A backend over texts in memory that records what the core asked of it. */
function memoryBackend(texts: Record<string, string | Error | undefined>, asked: string[]): ScanBackend {
  return readingBackend((file) => {
    asked.push(file);
    const text = texts[file];
    if (text instanceof Error) throw text;
    return text;
  });
}

describe('the gate core', () => {
  // @verifies engine#GATE-TAKES-A-SCAN-BACKEND
  it('gets every file from its backend, skips a vanished one and throws the first failure in file order', async () => {
    const asked: string[] = [];
    const texts = {
      'a.py': '# @implements doc#ALPHA\n',
      'b.py': undefined,
      'c.py': '# @implements doc#ALPHA\n',
    };
    const result = await traceFiles({ specs, files, backend: memoryBackend(texts, asked), strict: false });
    expect(asked).toEqual(['a.py', 'b.py', 'c.py']);
    expect(result.citations.map((c) => c.file)).toEqual(['a.py', 'c.py']);
    const failing = {
      ...texts,
      'b.py': new Error('cannot read b.py'),
      'c.py': new Error('cannot read c.py'),
    };
    await expect(
      traceFiles({ specs, files, backend: memoryBackend(failing, []), strict: false }),
    ).rejects.toThrow('cannot read b.py');
    // The outcomes a backend gives decide, whoever read the files: one that stops early leaves the rest unscanned.
    const stopped: ScanBackend = { read: () => undefined, scanFiles: async () => [[], new Error('no more')] };
    await expect(traceFiles({ specs, files, backend: stopped, strict: false })).rejects.toThrow('no more');
  });
});

describe('one file read and scanned without a promise', () => {
  // @verifies scanner#SCAN-WITHOUT-A-PROMISE-PER-FILE
  it('gives readAndScan’s outcome, as a value unless TypeScript’s parser must load first, and reads the file once', async () => {
    const texts: Record<string, string | Error | undefined> = {
      'a.ts': '// @implements doc#ALPHA\nexport const a = 1;\n',
      'b.ts': undefined,
      'c.ts': new Error('cannot read c.ts'),
      // An object literal or a function expression: only the parser tells whether the `/` divides.
      'd.ts': 'const o = {} / 2; // @implements doc#ALPHA\n',
      'e.py': '# @implements doc#ALPHA\n',
    };
    const reads: string[] = [];
    const read = (file: string) => {
      reads.push(file);
      const text = texts[file];
      if (text instanceof Error) throw text;
      return text;
    };
    const now = new FileScanner();
    const reference = new FileScanner();
    for (const file of Object.keys(texts)) {
      reads.length = 0;
      const outcome = readAndScanNow(read, now, file);
      // A promise only where the parser is not loaded yet and the tokens cannot tell.
      expect([file, outcome instanceof Promise]).toEqual([file, file === 'd.ts']);
      expect(await outcome).toEqual(await readAndScan(read, reference, file));
      expect(reads).toEqual([file, file]);
    }
    // Once loaded, the parser's file is scanned without a promise too.
    expect(readAndScanNow(read, now, 'd.ts') instanceof Promise).toBe(false);
    // What a scan throws is the outcome, as readAndScan makes it.
    const throwing = () => {
      throw 'not an error';
    };
    expect(readAndScanNow(read, now, 'a.ts', throwing)).toEqual(
      await readAndScan(read, now, 'a.ts', throwing),
    );
  });
});

describe('the engine’s backends', () => {
  // @verifies engine#BACKENDS-GIVE-ONE-TRACE
  // (With the scan worker forced on: test/system/speed/scan-pool.test.ts.)
  it('give the plain trace on every fixture tree: cached, cold and warm', async () => {
    const compared: string[] = [];
    for (const tree of fixtureTrees()) {
      const dir = tempCopy(tree.path, 'backends');
      const config = loadConfig(dir, tree.args[1]);
      const run = (env: NodeJS.ProcessEnv, cache: boolean) =>
        new Project({ cwd: dir, env, stderr: { write: () => true } }, config)
          .check({ cache })
          .then((r) => JSON.stringify(r.result))
          .catch((e: Error) => `threw ${e.message}`);
      const plain = await run({ [POOL_ENV]: 'off' }, false);
      expect(await run({ [POOL_ENV]: 'off' }, true), `${tree.name} cached, cold`).toBe(plain);
      expect(await run({ [POOL_ENV]: 'off' }, true), `${tree.name} cached, warm`).toBe(plain);
      compared.push(tree.name);
    }
    expect(compared).toEqual(expect.arrayContaining(['fixtures/gate/clean', 'fixtures/gate/vibevm-mini']));
  }, 120_000);
});

describe('a project', () => {
  // @verifies engine#PROJECT-LOADS-ONCE
  it('parses its specs and lists its files once however often asked; a new project reads them afresh', async () => {
    const dir = tempCopy(fixtureTrees().find((t) => t.name === 'fixtures/gate/clean')!.path, 'project');
    const io = { cwd: dir, env: {}, stderr: { write: () => true } };
    let parsed = 0;
    const counting = (source: string, options: { file: string; doc: string }) => {
      parsed++;
      return parseSpec(source, options);
    };
    const project = Project.open(io);
    const first = await project.specs(counting);
    const spec = first.set.documents.length;
    expect(spec).toBeGreaterThan(0);
    expect(await project.specs(counting)).toBe(first);
    const run = await project.check();
    expect(run.specs).toBe(first);
    expect(parsed).toBe(spec);
    expect(await project.files()).toBe(await project.files());
    await Project.open(io).specs(counting);
    expect(parsed).toBe(2 * spec);
  });
});
