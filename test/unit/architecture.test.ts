/**
 * The folder dependency rule (docs: architecture, "Dependency rule") over the
 * whole tree: every static, re-exported and dynamic import of every
 * TypeScript/JavaScript file is resolved to a folder and judged against one
 * table. Also: the pure cores (reader/, checks/) touch no files and no process.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO } from '../support/cli.ts';

/** One import of a file: the specifier as written and, for a relative one, its repo-relative target. */
interface Import {
  spec: string;
  target?: string;
}

/** Every import (static, re-export, dynamic) and whether the file names `process`. */
function importsOf(path: string, text: string): { imports: Import[]; namesProcess: boolean } {
  const imports: Import[] = [];
  let namesProcess = false;
  const add = (spec: string) =>
    imports.push(
      spec.startsWith('.')
        ? {
            spec,
            target: relative(REPO, resolve(dirname(path), spec))
              .split(sep)
              .join('/'),
          }
        : { spec },
    );
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      add((node.moduleSpecifier as ts.StringLiteral).text);
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text);
    }
    if (ts.isIdentifier(node) && node.text === 'process') namesProcess = true;
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true));
  return { imports, namesProcess };
}

/** Which project folders a file may import, by the folder it lives in (first match wins). */
const ALLOWED: { from: string; may: string[]; why: string }[] = [
  {
    from: 'reader/',
    may: ['reader/'],
    why: 'the reader is the core everything reads; it depends on nothing',
  },
  {
    from: 'generated/',
    may: ['generated/'],
    why: 'the generated core runs with the rest of factline absent',
  },
  {
    from: 'generator/',
    may: ['generator/', 'reader/'],
    why: 'the generator reads facts, never the gate or the CLI',
  },
  {
    from: 'checks/',
    may: ['checks/', 'reader/'],
    why: 'the gate reads facts, never the generator or the CLI',
  },
  {
    from: 'engine/',
    may: ['engine/', 'reader/', 'generator/', 'checks/', 'generated/'],
    why: 'the engine drives the cores and is driven by the CLI, never the other way',
  },
  {
    from: 'cli/',
    may: ['cli/', 'engine/index.ts'],
    why: 'the CLI turns flags into a request to the engine’s front door, engine/index.ts, and prints what comes back',
  },
  {
    from: 'bin/',
    may: ['bin/', 'cli/', 'dist/'],
    why: 'the bin starts the CLI, compiled (dist/) or, in a checkout, from its sources',
  },
  { from: 'support/', may: ['support/'], why: 'tooling shared by build, bench and tests stands alone' },
  {
    from: 'templates/',
    may: ['templates/', 'engine/generate/template-spec.ts'],
    why: 'a template is the generated core before gen: it reads spec values through the handle gen replaces, nothing else',
  },
  {
    from: 'bench/',
    may: ['bench/', 'reader/', 'generator/', 'checks/', 'engine/index.ts', 'cli/', 'support/'],
    why: 'benchmarks time the pure cores directly and the engine through its front door, and never import tests',
  },
];

/** Node built-ins a pure core must not import: file access and processes are passed in. */
const IMPURE_BUILTINS = new Set(['fs', 'fs/promises', 'child_process', 'process']);
const PURE_CORES = ['reader/', 'checks/'];
/** Node built-ins the CLI leaves to the engine: files and folders, threads, hashes, processes. */
const ENGINE_BUILTINS = new Set(['fs', 'fs/promises', 'worker_threads', 'crypto', 'child_process']);

/** Every offence of one file against the dependency rule, as `file imports spec (why)`. */
function offences(file: string, text: string): string[] {
  const { imports, namesProcess } = importsOf(join(REPO, file), text);
  const out: string[] = [];
  const rule = ALLOWED.find((r) => file.startsWith(r.from));
  const command = /^cli\/commands\/[^/]+$/.test(file);
  for (const { spec, target } of imports) {
    if (target !== undefined) {
      if (rule && !rule.may.some((dir) => `${target}/`.startsWith(dir))) {
        out.push(`${file} imports ${spec} (${rule.why})`);
      }
      if (command && target.startsWith('cli/commands/')) {
        out.push(`${file} imports ${spec} (no command imports another command)`);
      }
      continue;
    }
    const bare = spec.replace(/^node:/, '');
    const builtin = spec.startsWith('node:') || builtinModules.includes(bare);
    if (builtin && IMPURE_BUILTINS.has(bare) && PURE_CORES.some((d) => file.startsWith(d))) {
      out.push(`${file} imports ${spec} (a pure core takes file access as a parameter)`);
    }
    if (builtin && ENGINE_BUILTINS.has(bare) && file.startsWith('cli/')) {
      out.push(`${file} imports ${spec} (files, threads and hashes are the engine's)`);
    }
  }
  if (namesProcess && PURE_CORES.some((d) => file.startsWith(d))) out.push(`${file} names process`);
  return out;
}

const SKIP = new Set(['node_modules', 'dist', 'coverage', 'fixtures', '.git', '.factline-cache']);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(REPO, dir), { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name) || e.name.startsWith('.')) return [];
    const path = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|js|mjs)$/.test(e.name) ? [path] : [];
  });
}

/** The README's "may import" lines under Layout: folder → the other folders it may import. */
function readmeRule(): Map<string, string[]> {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const layout = readme.slice(readme.indexOf('## Layout'));
  const start = layout.indexOf('folder      may import');
  const block = layout.slice(start, layout.indexOf('```', start));
  const rows = new Map<string, string[]>();
  for (const line of block.split('\n').slice(1)) {
    const [folder, ...may] = line.trim().split(/\s+/);
    if (folder)
      rows.set(
        folder,
        may.filter((m) => m !== '-'),
      );
  }
  return rows;
}

describe('the dependency rule over the whole tree', () => {
  // @verifies engine#LAYOUT-DIAGRAM-MATCHES-IMPORTS
  it("is the README's layout: every folder it lists may import exactly what the rule allows", () => {
    const readme = readmeRule();
    expect([...readme.keys()].sort()).toEqual(ALLOWED.map((r) => r.from).sort());
    for (const rule of ALLOWED) {
      expect(readme.get(rule.from)?.sort(), rule.from).toEqual(
        rule.may.filter((m) => m !== rule.from).sort(),
      );
    }
  });

  // @verifies engine#DEPENDENCY-RULE-ENFORCED
  // @verifies engine#ENGINE-ALONE-TOUCHES-THE-SYSTEM
  it('holds for every file: reader, generated, generator, checks, engine, cli, bin, support, bench, templates', () => {
    const files = sourceFiles('');
    for (const dir of [
      'reader/',
      'generator/',
      'generated/',
      'checks/',
      'engine/',
      'cli/commands/',
      'bin/',
      'bench/',
      'templates/',
    ]) {
      expect(
        files.some((f) => f.startsWith(dir)),
        dir,
      ).toBe(true);
    }
    expect(files.flatMap((f) => offences(f, readFileSync(join(REPO, f), 'utf8')))).toEqual([]);
  });

  // @verifies engine#DEPENDENCY-RULE-ENFORCED
  // @verifies engine#ENGINE-ALONE-TOUCHES-THE-SYSTEM
  // @verifies engine#CLI-THROUGH-THE-FRONT-DOOR
  it('catches each kind of offence', () => {
    const probe = (file: string, lines: string[]) => offences(file, lines.join('\n'));
    expect(
      probe('reader/probe.ts', [
        "import { x } from '../checks/model.ts';",
        "import { y } from './model.ts';",
      ]),
    ).toEqual([
      'reader/probe.ts imports ../checks/model.ts (the reader is the core everything reads; it depends on nothing)',
    ]);
    expect(
      probe('checks/reporters/probe.ts', [
        "import { planGeneration } from '../../generator/render/index.ts';",
        "import type { CliIO } from '../../cli/io.ts';",
        "export * from '../../generated/errors.ts';",
        "import { readFileSync } from 'node:fs';",
        "import { spawn } from 'child_process';",
        "import { writeFile } from 'fs/promises';",
        'const argv = process.argv;',
        "const lazy = () => import('../../cli/main.ts');",
        "import type { Fact } from '../../reader/model.ts';",
        "import { createHash } from 'node:crypto';",
        "import { unified } from 'unified';",
        "import { indexFacts } from '../resolve.ts';",
      ]).map((o) => o.replace(/ \(.*\)$/, '')),
    ).toEqual([
      'checks/reporters/probe.ts imports ../../generator/render/index.ts',
      'checks/reporters/probe.ts imports ../../cli/io.ts',
      'checks/reporters/probe.ts imports ../../generated/errors.ts',
      'checks/reporters/probe.ts imports node:fs',
      'checks/reporters/probe.ts imports child_process',
      'checks/reporters/probe.ts imports fs/promises',
      'checks/reporters/probe.ts imports ../../cli/main.ts',
      'checks/reporters/probe.ts names process',
    ]);
    expect(
      probe('generator/render/probe.ts', ["import { trace } from '../../checks/trace.ts';"]),
    ).toHaveLength(1);
    expect(probe('generated/probe.ts', ["import { Fact } from '../reader/model.ts';"])).toHaveLength(1);
    expect(
      probe('templates/probe.ts', ["import { loadConfig } from '../engine/config/load.ts';"]),
    ).toHaveLength(1);
    expect(
      probe('templates/probe.ts', ["import { spec } from '../engine/generate/template-spec.ts';"]),
    ).toEqual([]);
    expect(
      probe('bench/probe.ts', ["import { sampleResult } from '../test/support/report-sample.ts';"]),
    ).toHaveLength(1);
    expect(
      probe('bench/probe.ts', [
        "import { Project } from '../engine/project.ts';",
        "import { Project } from '../engine/index.ts';",
        "import { scanFile } from '../checks/scan/index.ts';",
      ]).map((o) => o.replace(/ \(.*\)$/, '')),
    ).toEqual(['bench/probe.ts imports ../engine/project.ts']);
    expect(
      probe('cli/commands/probe.ts', [
        "import gen from './gen.ts';",
        "import { loadConfig } from '../config.ts';",
      ]),
    ).toEqual(['cli/commands/probe.ts imports ./gen.ts (no command imports another command)']);
    // The CLI reaches everything through the engine's front door; files, threads and hashes are the engine's.
    expect(
      probe('cli/commands/probe.ts', [
        "import { Project, REPORTERS, rooms } from '../../engine/index.ts';",
        "import { Project } from '../../engine/project.ts';",
        "const lazy = () => import('../../engine/mcp/serve.ts');",
        "import { REPORTERS } from '../../checks/reporters/index.ts';",
        "import type { Fact } from '../../reader/model.ts';",
        "import { planGeneration } from '../../generator/render/index.ts';",
        "import { serveStdio } from '../../generated/index.ts';",
        "import { readFileSync } from 'node:fs';",
        "import { Worker } from 'node:worker_threads';",
        "import { hash } from 'crypto';",
        "import { parseArgs } from 'node:util';",
      ]).map((o) => o.replace(/ \(.*\)$/, '')),
    ).toEqual([
      'cli/commands/probe.ts imports ../../engine/project.ts',
      'cli/commands/probe.ts imports ../../engine/mcp/serve.ts',
      'cli/commands/probe.ts imports ../../checks/reporters/index.ts',
      'cli/commands/probe.ts imports ../../reader/model.ts',
      'cli/commands/probe.ts imports ../../generator/render/index.ts',
      'cli/commands/probe.ts imports ../../generated/index.ts',
      'cli/commands/probe.ts imports node:fs',
      'cli/commands/probe.ts imports node:worker_threads',
      'cli/commands/probe.ts imports crypto',
    ]);
    // The engine drives every core, and never the CLI.
    expect(
      probe('engine/probe.ts', [
        "import { traceFiles } from '../checks/gate.ts';",
        "import { planGeneration } from '../generator/render/index.ts';",
        "import { readFileSync } from 'node:fs';",
        "import type { CliIO } from '../cli/io.ts';",
      ]),
    ).toEqual([
      'engine/probe.ts imports ../cli/io.ts (the engine drives the cores and is driven by the CLI, never the other way)',
    ]);
  });
});

/** The one module that renames a finished file into place; any other rename is a second writer. */
const WRITER = 'engine/files/atomic-write.ts';

/** Calls of fs's rename (`renameSync`, `rename`, `fs.promises.rename`) in a file. */
function renames(path: string, text: string): number {
  let count = 0;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      if (name === 'renameSync' || name === 'rename') count++;
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true));
  return count;
}

describe('one writer', () => {
  // @verifies engine#ONE-ATOMIC-WRITER
  it('renames files into place in engine/files/atomic-write.ts and nowhere else', () => {
    const renaming = sourceFiles('')
      .filter((f) => !f.startsWith('test/') && !f.startsWith('bench/'))
      .filter((f) => renames(f, readFileSync(join(REPO, f), 'utf8')) > 0);
    expect(renaming).toEqual([WRITER]);
    expect(renames('probe.ts', "import { promises } from 'node:fs';\nawait promises.rename(a, b);")).toBe(1);
  });
});

/** The one module that measures how far one word is from another. */
const MEASURER = 'reader/did-you-mean.ts';

/** Names of the functions and methods a file declares that say they measure a distance. */
function measurers(path: string, text: string): string[] {
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isVariableDeclaration(node)) &&
      node.name !== undefined &&
      ts.isIdentifier(node.name) &&
      /distance/i.test(node.name.text) &&
      (!ts.isVariableDeclaration(node) ||
        (node.initializer !== undefined &&
          (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))))
    ) {
      names.push(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true));
  return names;
}

describe('one did-you-mean', () => {
  // @verifies engine#ONE-DID-YOU-MEAN
  it('computes edit distance in reader/did-you-mean.ts and nowhere else', () => {
    const measuring = sourceFiles('').filter(
      (f) => measurers(f, readFileSync(join(REPO, f), 'utf8')).length > 0,
    );
    expect(measuring).toEqual([MEASURER]);
    expect(measurers('probe.ts', 'const nearDistance = (a: string, b: string) => 0;')).toEqual([
      'nearDistance',
    ]);
  });
});

/** Classes whose module-level instances are lookup tables built once, not state a scan changes. */
const TABLES = new Set(['Set', 'Map', 'Uint8Array', 'Int32Array', 'Uint16Array', 'RegExp']);
/** How Node loads TypeScript's compiler module is the process's (the CLI's code cache), not a scan's. */
const STATE_EXEMPT = new Set(['checks/scan/typescript-compiler.ts']);

/** A module's top-level state: `let`/`var` declarations and instances of classes that are not tables. */
function moduleState(path: string, text: string): string[] {
  const found: string[] = [];
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const mutable = (list.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const)) !== ts.NodeFlags.Const;
    for (const decl of list.declarations) {
      const name = decl.name.getText(source);
      const init = decl.initializer;
      const instance =
        init !== undefined &&
        ts.isNewExpression(init) &&
        ts.isIdentifier(init.expression) &&
        !TABLES.has(init.expression.text);
      if (mutable) found.push(`${path}: let ${name}`);
      else if (instance) found.push(`${path}: ${name} = new ${(init.expression as ts.Identifier).text}`);
    }
  }
  return found;
}

describe('the scanners keep no module state', () => {
  // @verifies scanner#SCAN-HOLDS-NO-MODULE-STATE
  it('no top-level let or var, no module-level instance, in checks/scan/', () => {
    const state = sourceFiles('checks/scan')
      .filter((f) => !STATE_EXEMPT.has(f))
      .flatMap((f) => moduleState(f, readFileSync(join(REPO, f), 'utf8')));
    expect(state).toEqual([]);
    expect(
      moduleState('probe.ts', 'let warn = () => {};\nconst lexer = new Lexer();\nconst K = new Set([1]);\n'),
    ).toEqual(['probe.ts: let warn', 'probe.ts: lexer = new Lexer']);
  });
});
