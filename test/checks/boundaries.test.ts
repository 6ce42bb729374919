/** The dependency rule for the checker: checks/ reads no files and knows nothing of render, the CLI or generated code. */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { REPO } from './helpers.ts';

const CHECKS = join(REPO, 'checks');
const FORBIDDEN_BUILTINS = new Set(['fs', 'fs/promises', 'child_process', 'process']);
const ALLOWED_DIRS = ['checks', 'reader'];

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every import (static, re-export, dynamic) of one file that breaks the rule, as `file imports spec`. */
function offences(path: string, text: string): string[] {
  const file = relative(REPO, path).split(sep).join('/');
  const out: string[] = [];
  const judge = (spec: string) => {
    if (spec.startsWith('.')) {
      const target = relative(REPO, resolve(dirname(path), spec));
      if (!ALLOWED_DIRS.some((d) => target === d || target.startsWith(d + sep))) {
        out.push(`${file} imports ${spec}`);
      }
      return;
    }
    const bare = spec.replace(/^node:/, '');
    const builtin = spec.startsWith('node:') || builtinModules.includes(bare);
    if (builtin && FORBIDDEN_BUILTINS.has(bare)) out.push(`${file} imports ${spec}`);
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      judge((node.moduleSpecifier as ts.StringLiteral).text);
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      judge(node.arguments[0].text);
    }
    if (ts.isIdentifier(node) && node.text === 'process') out.push(`${file} names process`);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return out;
}

describe('checks/ dependency rule', () => {
  it('imports only reader/, its own modules, packages and built-ins other than fs, child_process, process', () => {
    const files = tsFiles(CHECKS);
    expect(files.map((f) => relative(CHECKS, f))).toContain(join('scan', 'typescript.ts'));
    const found = files.flatMap((f) => offences(f, readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('the rule catches render, cli, generated, fs, child_process and process', () => {
    const path = join(CHECKS, 'reporters', 'probe.ts');
    const text = [
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
    ].join('\n');
    expect(offences(path, text)).toEqual([
      'checks/reporters/probe.ts imports ../../generator/render/index.ts',
      'checks/reporters/probe.ts imports ../../cli/io.ts',
      'checks/reporters/probe.ts imports ../../generated/errors.ts',
      'checks/reporters/probe.ts imports node:fs',
      'checks/reporters/probe.ts imports child_process',
      'checks/reporters/probe.ts imports fs/promises',
      'checks/reporters/probe.ts names process',
      'checks/reporters/probe.ts imports ../../cli/main.ts',
    ]);
  });
});
