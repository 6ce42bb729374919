/**
 * What the server and the client agree on: the workspace root the client
 * names, what the server offers, which files it asks the client to watch,
 * and how a client URI names a file of the project.
 */
import { isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CodeActionKind,
  type FileSystemWatcher,
  type InitializeParams,
  type ServerCapabilities,
  TextDocumentSyncKind,
} from 'vscode-languageserver';
import type { FactlineConfig } from '../config/model.ts';

/** The client's workspace root, else `fallback` (the server's directory). */
export function rootOf(params: InitializeParams, fallback: string): string {
  const uri = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
  if (uri?.startsWith('file:')) return fileURLToPath(uri);
  return params.rootPath ?? fallback;
}

export const CAPABILITIES: ServerCapabilities = {
  positionEncoding: 'utf-16',
  textDocumentSync: {
    openClose: true,
    change: TextDocumentSyncKind.Incremental,
    save: { includeText: false },
  },
  hoverProvider: true,
  definitionProvider: true,
  referencesProvider: true,
  documentSymbolProvider: true,
  completionProvider: { triggerCharacters: [' ', '#', '"', '/', '~'] },
  codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
  codeLensProvider: { resolveProvider: false },
};

/**
 * What the client is asked to watch: the config's globs under its root when
 * the client takes relative patterns, else everything (the project filters).
 */
export function watchers(config: FactlineConfig | undefined, relativePatterns: boolean): FileSystemWatcher[] {
  if (config === undefined || !relativePatterns) return [{ globPattern: '**/*' }];
  const baseUri = pathToFileURL(`${config.root}${sep}`).href;
  const globs = [...config.specs, ...config.sources, ...config.tests, ...config.results];
  return [...globs, config.file ?? 'factline.config.json'].map((pattern) => ({
    globPattern: { baseUri, pattern },
  }));
}

/** The project-relative path (forward slashes) of a `file:` URI under `root`; undefined for any other. */
export function fileOfUri(root: string, uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  let path: string;
  try {
    path = fileURLToPath(uri);
  } catch {
    return undefined;
  }
  const rel = relative(root, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return sep === '/' ? rel : rel.split(sep).join('/');
}
