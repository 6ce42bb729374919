/**
 * `factline lsp`: the Language Server Protocol server. Loads the project of
 * the workspace once (the gate's first full scan), then keeps it in memory:
 * each buffer change re-reads that buffer only, and every request is
 * answered from memory. Changes are applied one after the other on one
 * queue; a request first waits for the changes before it, so it always sees
 * the text the client has.
 */
import { format } from 'node:util';
import {
  type Connection,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  type InitializeParams,
  type InitializeResult,
  MessageType,
  ResponseError,
  TextDocuments,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding } from '../../checks/model.ts';
import type { EngineIO } from '../io.ts';
import { codeLenses, completion, definition, hover, references, symbols } from './answers.ts';
import { bufferDiagnostics, gapsOf } from './buffer-diagnostics.ts';
import { connectStreams } from './connection.ts';
import { EditorProject } from './editor-project.ts';
import { CAPABILITIES, fileOfUri, rootOf, watchers } from './handshake.ts';
import { codeActions } from './quick-fixes.ts';
import { WorkspaceView } from './workspace-view.ts';

export interface LspOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** Where the engine writes warnings; `cwd` is the fallback root when the client names none. */
  io: EngineIO;
  /** The config file (absolute), instead of the workspace root's factline.config.json. */
  configFile?: string;
  /** How long a changed buffer waits for the next keystroke before it is judged (ms). */
  settleMs?: number;
}

/**
 * Serves until the client exits; resolves with the exit code. The output
 * carries protocol frames only: meanwhile what anything would print with
 * console.log goes to the io's stderr.
 */
export async function serveLsp(options: LspOptions): Promise<number> {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  const toStderr = (...args: unknown[]) => void options.io.stderr.write(`${format(...args)}\n`);
  Object.assign(console, { log: toStderr, info: toStderr, debug: toStderr });
  const { connection, ended } = connectStreams(options.input, options.output);
  const server = new LspServer(connection, options);
  try {
    server.listen();
    return await ended;
  } finally {
    server.dispose();
    connection.dispose();
    // Stop reading: an input still open would keep the process alive after `exit`.
    (options.input as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
    Object.assign(console, saved);
  }
}

class LspServer {
  private readonly documents = new TextDocuments(TextDocument);
  private view: Promise<WorkspaceView | undefined> = Promise.resolve(undefined);
  private root = '';
  private queue: Promise<unknown> = Promise.resolve();
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly gaps = new Map<string, Finding[]>();
  /** The version each buffer was opened at. */
  private readonly openedAt = new Map<string, number>();
  private watchRelative = false;
  private watchDynamic = false;
  private lensRefresh = false;
  private closed = false;

  constructor(
    private readonly connection: Connection,
    private readonly options: LspOptions,
  ) {}

  listen(): void {
    const c = this.connection;
    c.onInitialize((params) => this.initialize(params));
    c.onInitialized(() => this.watchFiles());
    this.documents.onDidOpen((e) => this.opened(e.document));
    this.documents.onDidChangeContent((e) => this.changed(e.document));
    this.documents.onDidSave((e) => this.enqueue(() => this.saved(e.document)));
    this.documents.onDidClose((e) => this.enqueue(() => this.closedDocument(e.document.uri)));
    c.onDidChangeWatchedFiles((p) => this.enqueue(() => this.diskChanged(p.changes.map((x) => x.uri))));
    c.onHover((p) => this.answer('hover', p.textDocument.uri, null, (v, f) => hover(v, f, p.position)));
    c.onDefinition((p) =>
      this.answer('definition', p.textDocument.uri, null, (v, f) => definition(v, f, p.position)),
    );
    c.onReferences((p) =>
      this.answer('references', p.textDocument.uri, [], (v, f) =>
        references(v, f, p.position, p.context.includeDeclaration),
      ),
    );
    c.onDocumentSymbol((p) => this.answer('documentSymbol', p.textDocument.uri, [], (v, f) => symbols(v, f)));
    c.onCompletion((p) =>
      this.answer('completion', p.textDocument.uri, [], (v, f) => completion(v, f, p.position)),
    );
    c.onCodeAction((p) =>
      this.answer('codeAction', p.textDocument.uri, [], (v, f) =>
        codeActions(v, f, p.range, p.context.diagnostics),
      ),
    );
    c.onCodeLens((p) => this.answer('codeLens', p.textDocument.uri, [], (v, f) => codeLenses(v, f)));
    this.documents.listen(c);
    c.listen();
  }

  dispose(): void {
    this.closed = true;
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  /**
   * Sends something of the server's own accord, unless the client has gone:
   * a load that ends after `exit` has no one to tell.
   */
  private send(message: () => Promise<unknown>): void {
    if (this.closed) return;
    message().catch(() => undefined);
  }

  private initialize(params: InitializeParams): InitializeResult {
    this.root = rootOf(params, this.options.io.cwd);
    const caps = params.capabilities ?? {};
    this.watchDynamic = caps.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    this.watchRelative = caps.workspace?.didChangeWatchedFiles?.relativePatternSupport === true;
    this.lensRefresh = caps.workspace?.codeLens?.refreshSupport === true;
    this.view = this.load();
    return { serverInfo: { name: 'factline' }, capabilities: CAPABILITIES };
  }

  /** The first full scan; a project that cannot load is said once, and every answer is then empty. */
  // @implements lsp#BAD-REQUEST-KEEPS-SERVING
  private async load(): Promise<WorkspaceView | undefined> {
    const io = { ...this.options.io, cwd: this.root };
    try {
      const view = new WorkspaceView(await EditorProject.load(io, this.options.configFile));
      this.root = view.project.root;
      this.warn(view);
      return view;
    } catch (error) {
      const message = `factline lsp: the project in ${this.root} did not load: ${(error as Error).message}`;
      this.options.io.stderr.write(`${message}\n`);
      this.send(() =>
        this.connection.sendNotification('window/showMessage', { type: MessageType.Error, message }),
      );
      return undefined;
    }
  }

  /** Warnings of the project (unreadable test results), each told once. */
  private warn(view: WorkspaceView): void {
    for (const message of view.project.warnings.splice(0)) {
      this.options.io.stderr.write(`factline lsp: ${message}\n`);
      this.send(() =>
        this.connection.sendNotification('window/showMessage', { type: MessageType.Warning, message }),
      );
    }
  }

  private fileOf(uri: string): string | undefined {
    return fileOfUri(this.root, uri);
  }

  /** Runs project changes one after the other; a failure is logged and the queue goes on. */
  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work).catch((error: unknown) => {
      this.options.io.stderr.write(`factline lsp: ${(error as Error).stack ?? String(error)}\n`);
    });
    this.queue = next;
    return next;
  }

  private opened(document: TextDocument): void {
    this.clearPending(document.uri);
    this.openedAt.set(document.uri, document.version);
    // The text as opened: a change made while the project still loads comes after it, as typed.
    const text = document.getText();
    void this.enqueue(async () => {
      const view = await this.view;
      const file = this.fileOf(document.uri);
      if (view === undefined || file === undefined) return;
      view.opened(file, document.uri);
      await view.project.setBuffer(file, text);
      this.gaps.set(file, gapsOf(view, file));
      this.publishAfter(view, file);
    });
  }

  /** A keystroke: judged once the buffer has been quiet for a moment, or as soon as a request needs it. */
  // @implements lsp#AS-YOU-TYPE-CITATIONS
  private changed(document: TextDocument): void {
    // The open itself comes here too, right after `opened` took it.
    if (this.openedAt.get(document.uri) === document.version) return;
    this.clearPending(document.uri);
    this.pending.set(
      document.uri,
      setTimeout(() => this.applyChange(document.uri), this.options.settleMs ?? 150),
    );
  }

  private clearPending(uri: string): void {
    const timer = this.pending.get(uri);
    if (timer) clearTimeout(timer);
    this.pending.delete(uri);
  }

  private applyChange(uri: string): Promise<void> {
    this.clearPending(uri);
    return this.enqueue(async () => {
      const view = await this.view;
      const file = this.fileOf(uri);
      const document = this.documents.get(uri);
      if (view === undefined || file === undefined || document === undefined) return;
      await view.project.setBuffer(file, document.getText());
      this.publishAfter(view, file);
    });
  }

  private async saved(document: TextDocument): Promise<void> {
    const view = await this.view;
    const file = this.fileOf(document.uri);
    if (view === undefined || file === undefined) return;
    await view.project.setBuffer(file, document.getText());
    this.gaps.set(file, gapsOf(view, file));
    this.publishAfter(view, file);
  }

  private async closedDocument(uri: string): Promise<void> {
    this.clearPending(uri);
    this.openedAt.delete(uri);
    this.send(() => this.connection.sendDiagnostics({ uri, diagnostics: [] }));
    const view = await this.view;
    const file = this.fileOf(uri);
    if (view === undefined || file === undefined) return;
    view.closed(file);
    this.gaps.delete(file);
    await view.project.closeBuffer(file);
  }

  /** Files changed on disk (the client's watcher): re-read those, or load the project again. */
  private async diskChanged(uris: string[]): Promise<void> {
    let view = await this.view;
    if (view === undefined) {
      this.view = this.load();
      view = await this.view;
      if (view === undefined) return;
      await this.reopen(view);
      return;
    }
    let reload = false;
    for (const uri of uris) {
      const file = this.fileOf(uri);
      if (file !== undefined && (await view.project.diskChanged(file)) === 'reload') reload = true;
    }
    this.warn(view);
    if (reload) {
      this.view = this.load();
      view = await this.view;
      if (view === undefined) return;
      await this.reopen(view);
    }
    this.publishAll(view);
  }

  /** After a reload: the open buffers stand in for their files again. */
  private async reopen(view: WorkspaceView): Promise<void> {
    for (const document of this.documents.all()) {
      const file = this.fileOf(document.uri);
      if (file === undefined) continue;
      view.opened(file, document.uri);
      await view.project.setBuffer(file, document.getText());
    }
    for (const file of view.openFiles()) this.gaps.set(file, gapsOf(view, file));
  }

  private publish(view: WorkspaceView, file: string): void {
    const diagnostics = bufferDiagnostics(view, file, this.gaps.get(file) ?? []);
    this.send(() => this.connection.sendDiagnostics({ uri: view.uriOf(file), diagnostics }));
  }

  /**
   * After `file` changed: a spec's text moves every citation of its facts, so
   * every open file is judged again; a source's or test's change is its own
   * (what it does to the facts' evidence shows in the code lenses, refreshed).
   */
  private publishAfter(view: WorkspaceView, file: string): void {
    if (view.project.specs.isSpec(file)) {
      this.publishAll(view);
      return;
    }
    this.publish(view, file);
    this.refreshLenses();
  }

  private publishAll(view: WorkspaceView): void {
    for (const file of view.openFiles()) this.publish(view, file);
    this.refreshLenses();
  }

  private refreshLenses(): void {
    if (this.lensRefresh) this.send(() => this.connection.sendRequest('workspace/codeLens/refresh'));
  }

  /** The client's watcher for the files the project reads, when the client lets the server register one. */
  private watchFiles(): void {
    if (!this.watchDynamic) return;
    void this.view.then((view) =>
      this.connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: watchers(view?.project.config, this.watchRelative),
      }),
    );
  }

  /** One request: the changes before it applied first; a failure answers with an error naming the request. */
  private async answer<T>(
    method: string,
    uri: string,
    none: T,
    work: (view: WorkspaceView, file: string) => T,
  ): Promise<T> {
    if (this.pending.has(uri)) void this.applyChange(uri);
    await this.queue;
    const view = await this.view;
    const file = this.fileOf(uri);
    if (view === undefined || file === undefined) return none;
    try {
      return work(view, file);
    } catch (error) {
      throw new ResponseError(
        ErrorCodes.InternalError,
        `factline lsp: ${method} on ${file} failed: ${(error as Error).message}`,
      );
    }
  }
}
