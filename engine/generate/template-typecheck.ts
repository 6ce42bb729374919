/**
 * Templates checked as code (`factline gen --check-templates`): the
 * TypeScript/JavaScript outputs are rendered in memory and type-checked with
 * the project's tsconfig, as if they were on disk, and every error is
 * reported at the template line its output line came from (the render's
 * line map), so the template is fixed where it is written.
 */
import { resolve } from 'node:path';
import { Project, ts } from 'ts-morph';
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

// @implements generator-languages#TEMPLATES-TYPE-CHECKED-AT-THEIR-LINES
export function typecheckOutputs(root: string, outputs: readonly PlannedOutput[]): GenError[] {
  const rendered = new Map(
    outputs.filter((o) => o.check === 'typescript').map((o) => [resolve(root, o.path), o] as const),
  );
  if (rendered.size === 0) return [];
  // ts-morph's project carries TypeScript's lib files; the rendered text stands in for what is on disk.
  const options = compilerOptions(root);
  const project = new Project({ compilerOptions: options, skipAddingFilesFromTsConfig: true });
  for (const [path, o] of rendered) {
    const file = project.createSourceFile(path, o.text, { overwrite: true });
    // ESM or CommonJS as Node decides it for a file at that path (package.json "type", .mts/.cts).
    const format = ts.getImpliedNodeFormatForFile(path, undefined, ts.sys, options);
    if (format !== undefined)
      (file.compilerNode as { impliedNodeFormat?: ts.ResolutionMode }).impliedNodeFormat = format;
  }
  const errors: GenError[] = [];
  for (const d of project.getPreEmitDiagnostics().map((x) => x.compilerObject)) {
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
