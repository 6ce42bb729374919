/**
 * Templates checked as code (`factline gen --check-templates`): the
 * TypeScript/JavaScript outputs are rendered in memory and type-checked with
 * the project's tsconfig, as if they were on disk, and every error is
 * reported at the template line its output line came from (the render's
 * line map), so the template is fixed where it is written.
 */
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import type { GenError, PlannedOutput } from '../../generator/render/index.ts';

const DEFAULTS: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  allowImportingTsExtensions: true,
  skipLibCheck: true,
  types: ['node'],
};

function compilerOptions(root: string): ts.CompilerOptions {
  const file = resolve(root, 'tsconfig.json');
  if (!ts.sys.fileExists(file)) return { ...DEFAULTS, noEmit: true };
  const parsed = ts.getParsedCommandLineOfConfigFile(
    file,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  return { ...(parsed?.options ?? DEFAULTS), noEmit: true };
}

// @implements generator#TEMPLATES-TYPE-CHECKED-AT-THEIR-LINES
export function typecheckOutputs(root: string, outputs: readonly PlannedOutput[]): GenError[] {
  const rendered = new Map(
    outputs.filter((o) => o.check === 'typescript').map((o) => [resolve(root, o.path), o] as const),
  );
  if (rendered.size === 0) return [];
  // A program over the real file system (TypeScript's lib files, the project's own modules and
  // types) in which each rendered text stands in for what is on disk at its path.
  const options = compilerOptions(root);
  const host = ts.createCompilerHost(options, true);
  const fromDisk = host.getSourceFile;
  host.getSourceFile = (name, languageVersion, onError, shouldCreate) => {
    const output = rendered.get(resolve(name));
    // The language version carries the file's module format as Node decides it (package.json "type", .mts/.cts).
    if (output !== undefined) return ts.createSourceFile(name, output.text, languageVersion, true);
    return fromDisk.call(host, name, languageVersion, onError, shouldCreate);
  };
  const fileExists = host.fileExists;
  host.fileExists = (name) => rendered.has(resolve(name)) || fileExists.call(host, name);
  const directoryExists = host.directoryExists;
  const renderedDirs = new Set([...rendered.keys()].map((path) => dirname(path)));
  host.directoryExists = (name) =>
    renderedDirs.has(resolve(name)) || directoryExists?.call(host, name) !== false;
  const readFile = host.readFile;
  host.readFile = (name) => rendered.get(resolve(name))?.text ?? readFile.call(host, name);
  const program = ts.createProgram({ rootNames: [...rendered.keys()], options, host });
  const errors: GenError[] = [];
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const output = d.file ? rendered.get(resolve(d.file.fileName)) : undefined;
    if (!output || d.category !== ts.DiagnosticCategory.Error) continue;
    const { line, character } = d.file!.getLineAndCharacterOfPosition(d.start ?? 0);
    const excerpt = output.text.split('\n')[line]?.trim() ?? '';
    errors.push({
      code: 'broken-output',
      file: output.template,
      line: output.templateLines?.[line] || 1,
      column: 1,
      message: `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')} (${output.path}:${line + 1}:${character + 1}: \`${excerpt}\`)`,
      fix: 'fix the template; `factline gen --check-templates` checks it again without writing',
    });
  }
  return errors;
}
