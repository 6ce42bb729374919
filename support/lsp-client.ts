/**
 * A real LSP client (vscode-languageserver-protocol's node connection, the
 * protocol layer of VS Code's own client) driving `factline lsp` spawned as
 * a user's editor spawns it: `node bin/factline.js lsp --stdio` in the
 * project's folder. Diagnostics are collected as they are published. The
 * editor server's tests and its benchmark drive it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  type CodeAction,
  type CompletionItem,
  createProtocolConnection,
  type Diagnostic,
  type ProtocolConnection,
  type Registration,
  StreamMessageReader,
  StreamMessageWriter,
  type TextEdit,
} from 'vscode-languageserver-protocol/node';

const BIN = fileURLToPath(new URL('../bin/factline.js', import.meta.url));

export interface Published {
  uri: string;
  diagnostics: Diagnostic[];
}

export class LspClient {
  readonly published: Published[] = [];
  readonly messages: { type: number; message: string }[] = [];
  /** What the server registered with the client (its file watcher). */
  readonly registrations: Registration[] = [];
  stderr = '';
  private readonly versions = new Map<string, number>();
  private readonly texts = new Map<string, string>();
  private readonly waiters: (() => void)[] = [];
  readonly exited: Promise<number | null>;

  private constructor(
    readonly root: string,
    readonly child: ChildProcess,
    readonly connection: ProtocolConnection,
  ) {
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      this.stderr += d;
    });
    connection.onNotification('textDocument/publishDiagnostics', (p: Published) => {
      this.published.push(p);
      this.wake();
    });
    connection.onNotification('window/showMessage', (p: { type: number; message: string }) => {
      this.messages.push(p);
      this.wake();
    });
    // The server registers its file watcher and asks for code lens refreshes: a client says yes.
    connection.onRequest('client/registerCapability', (p: { registrations: Registration[] }) => {
      this.registrations.push(...p.registrations);
      this.wake();
      return null;
    });
    connection.onRequest('workspace/codeLens/refresh', () => null);
    connection.listen();
  }

  /** Spawns the server in `root` and runs the handshake. */
  static async start(
    root: string,
    capabilities: object = {},
    env: NodeJS.ProcessEnv = {},
  ): Promise<LspClient> {
    const child = spawn(process.execPath, [BIN, 'lsp', '--stdio'], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const connection = createProtocolConnection(
      new StreamMessageReader(child.stdout!),
      new StreamMessageWriter(child.stdin!),
    );
    const client = new LspClient(root, child, connection);
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(root).href,
      capabilities,
    });
    await connection.sendNotification('initialized', {});
    return client;
  }

  uri(file: string): string {
    return pathToFileURL(join(this.root, file)).href;
  }

  text(file: string): string {
    return this.texts.get(file) ?? readFileSync(join(this.root, file), 'utf8');
  }

  async open(file: string, text = readFileSync(join(this.root, file), 'utf8')): Promise<void> {
    this.versions.set(file, 1);
    this.texts.set(file, text);
    const languageId = file.endsWith('.md') ? 'markdown' : 'typescript';
    await this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: this.uri(file), languageId, version: 1, text },
    });
  }

  /** Replaces the buffer's whole text, unsaved. */
  async change(file: string, text: string): Promise<void> {
    const version = (this.versions.get(file) ?? 1) + 1;
    this.versions.set(file, version);
    this.texts.set(file, text);
    await this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: this.uri(file), version },
      contentChanges: [{ text }],
    });
  }

  /** Tells the server files changed on disk, as an editor's watcher does (1 created, 2 changed, 3 deleted). */
  async diskChanged(changes: [file: string, type: 1 | 2 | 3][]): Promise<void> {
    await this.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: changes.map(([file, type]) => ({ uri: this.uri(file), type })),
    });
  }

  /** Waits until `ready` holds (for something the server sends by itself), polling as messages arrive. */
  async until(ready: () => boolean, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!ready()) {
      if (Date.now() > deadline) throw new Error('timed out waiting for the server');
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  async save(file: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didSave', { textDocument: { uri: this.uri(file) } });
  }

  /** Applies a code action's edit of `file` to the buffer, as an editor does (unsaved). */
  async apply(action: CodeAction, file: string): Promise<string> {
    const edits = action.edit?.changes?.[this.uri(file)] ?? [];
    const next = applyEdits(this.text(file), edits);
    await this.change(file, next);
    return next;
  }

  request<T>(method: string, file: string, extra: object = {}): Promise<T> {
    return this.connection.sendRequest(method, { textDocument: { uri: this.uri(file) }, ...extra });
  }

  hover(file: string, line: number, character: number) {
    return this.request<{ contents: { value: string } } | null>('textDocument/hover', file, {
      position: { line, character },
    });
  }

  completion(file: string, line: number, character: number) {
    return this.request<CompletionItem[]>('textDocument/completion', file, { position: { line, character } });
  }

  codeActions(file: string, line: number, character: number, diagnostics: Diagnostic[] = []) {
    const at = { line, character };
    return this.request<CodeAction[]>('textDocument/codeAction', file, {
      range: { start: at, end: at },
      context: { diagnostics },
    });
  }

  /** The diagnostics last published for `file`, once they satisfy `wanted` (waiting for the server). */
  async diagnostics(
    file: string,
    wanted: (d: Diagnostic[]) => boolean,
    timeoutMs = 30_000,
  ): Promise<Diagnostic[]> {
    const uri = this.uri(file);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const last = this.published.filter((p) => p.uri === uri).at(-1);
      if (last && wanted(last.diagnostics)) return last.diagnostics;
      if (Date.now() > deadline)
        throw new Error(`no matching diagnostics for ${file}; last: ${JSON.stringify(last?.diagnostics)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** `shutdown` then `exit`; resolves with the process's exit code. */
  async stop(): Promise<number | null> {
    await this.connection.sendRequest('shutdown');
    await this.connection.sendNotification('exit');
    const code = await this.exited;
    this.connection.dispose();
    return code;
  }
}

/** Applies LSP text edits (non-overlapping) to a text. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const offset = (p: { line: number; character: number }) => (starts[p.line] ?? text.length) + p.character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let out = text;
  for (const e of sorted)
    out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}
