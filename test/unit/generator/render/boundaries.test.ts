/** The render core is pure and the writer is atomic: checked on the real source and real files. */
import {
  chmodSync,
  closeSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../../engine/files/atomic-write.ts';

const RENDER = join(import.meta.dirname, '..', '..', '..', '..', 'generator', 'render');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('generator/render is pure', () => {
  // @verifies generator#GEN-PURE-PLAN
  it('imports no file-system, process or child-process module and never names `process`', () => {
    const files = readdirSync(RENDER, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files).toContain('plan.ts');
    expect(files).toContain('languages/table.ts');
    const offences: string[] = [];
    for (const file of files) {
      const source = ts.createSourceFile(
        file,
        readFileSync(join(RENDER, file), 'utf8'),
        ts.ScriptTarget.Latest,
        true,
      );
      const visit = (node: ts.Node) => {
        if (ts.isImportDeclaration(node) || (ts.isExportDeclaration(node) && node.moduleSpecifier)) {
          const spec = (node.moduleSpecifier as ts.StringLiteral).text;
          const allowed =
            spec.startsWith('./') ||
            spec.startsWith('../../reader/') ||
            (file.includes('/') && (spec.startsWith('../') || spec.startsWith('../../../reader/')));
          const pureBuiltin = spec === 'node:crypto';
          // Parsers of the output languages: text in, a tree or an error out.
          const pureLibrary = ['handlebars', 'typescript', 'yaml', 'smol-toml'].includes(spec);
          if (!allowed && !pureBuiltin && !pureLibrary) offences.push(`${file} imports ${spec}`);
        }
        if (ts.isIdentifier(node) && node.text === 'process') offences.push(`${file} names process`);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(offences).toEqual([]);
  });
});

describe('writeFileAtomic', () => {
  // @verifies generator#GEN-ATOMIC-WRITES
  it('replaces a file by rename (a reader holding the old file still sees all of it) and leaves no temp files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'factline-write-'));
    dirs.push(dir);
    const path = join(dir, 'out', 'a.ts');
    writeFileAtomic(path, 'old contents\n');
    const reader = openSync(path, 'r');
    const oldInode = fstatSync(reader).ino;
    writeFileAtomic(path, 'new contents, longer than the old\n');
    const buffer = Buffer.alloc(64);
    const n = readSync(reader, buffer, 0, 64, 0);
    closeSync(reader);
    expect(buffer.subarray(0, n).toString()).toBe('old contents\n');
    expect(statSync(path).ino).not.toBe(oldInode);
    expect(readFileSync(path, 'utf8')).toBe('new contents, longer than the old\n');
    expect(readdirSync(join(dir, 'out'))).toEqual(['a.ts']);
  });

  // @verifies generator#GEN-ATOMIC-WRITES
  it('leaves the target untouched and no temp file behind when the rename fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'factline-write-'));
    dirs.push(dir);
    const target = join(dir, 'busy');
    mkdirSync(join(target, 'inside'), { recursive: true });
    writeFileSync(join(target, 'inside', 'keep.txt'), 'kept');
    expect(() => writeFileAtomic(target, 'would replace a directory\n')).toThrow();
    expect(readdirSync(dir)).toEqual(['busy']);
    expect(readFileSync(join(target, 'inside', 'keep.txt'), 'utf8')).toBe('kept');
  });

  // @verifies generator#GEN-ATOMIC-WRITES
  it('keeps an executable file executable and writes through a symlink instead of cutting it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'factline-write-'));
    dirs.push(dir);
    const script = join(dir, 'run.sh');
    writeFileSync(script, '#!/bin/sh\n');
    chmodSync(script, 0o755);
    writeFileAtomic(script, '#!/bin/sh\necho re-pinned\n');
    expect(statSync(script).mode & 0o777).toBe(0o755);
    const link = join(dir, 'link.sh');
    symlinkSync('run.sh', link);
    writeFileAtomic(link, '#!/bin/sh\necho through the link\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(script, 'utf8')).toBe('#!/bin/sh\necho through the link\n');
    expect(readdirSync(dir).sort()).toEqual(['link.sh', 'run.sh']);
  });
});
