/**
 * docs/editors.md: every setup starts the server the CLI really has, with
 * flags it accepts; the VS Code extension runs (against stand-ins for the
 * editor's modules) and turns a real code lens into VS Code's reference
 * view; every JSON and TOML block parses.
 */
import { createContext, runInContext } from 'node:vm';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { factLens, SHOW_REFERENCES } from '../../../engine/lsp/code-lens.ts';
import { parseSpec } from '../../../reader/index.ts';
import { REPO, runInProcess } from '../../support/cli.ts';
import { examples } from './doc-examples.ts';

const blocks = examples('editors.md');
const block = (lang: string) => blocks.find((b) => b.lang === lang)!.body;

/** Runs the page's extension.js with stand-ins for `vscode` and `vscode-languageclient/node`. */
async function activateExtension() {
  const made: { server?: unknown; client?: unknown; started: boolean } = { started: false };
  const commands = new Map<string, (...args: unknown[]) => unknown>();
  const executed: unknown[][] = [];
  class Uri {
    constructor(readonly text: string) {}
    static parse(text: string) {
      return new Uri(text);
    }
  }
  class Position {
    constructor(
      readonly line: number,
      readonly character: number,
    ) {}
  }
  class Range {
    constructor(...args: number[]) {
      Object.assign(this, { args });
    }
  }
  class Location {
    constructor(
      readonly uri: Uri,
      readonly range: Range,
    ) {}
  }
  const vscode = {
    Uri,
    Position,
    Range,
    Location,
    commands: {
      registerCommand: (name: string, run: (...args: unknown[]) => unknown) => {
        commands.set(name, run);
        return { dispose() {} };
      },
      executeCommand: (...args: unknown[]) => executed.push(args),
    },
  };
  class LanguageClient {
    constructor(_id: string, _name: string, server: unknown, client: unknown) {
      made.server = server;
      made.client = client;
    }
    async start() {
      made.started = true;
    }
    async stop() {}
  }
  const modules: Record<string, unknown> = {
    vscode,
    'vscode-languageclient/node': { LanguageClient, TransportKind: { stdio: 0 } },
  };
  const exports: Record<string, (context: unknown) => Promise<void>> = {};
  const context = createContext({ require: (name: string) => modules[name], exports });
  runInContext(block('js'), context);
  await exports.activate!({ subscriptions: [] });
  return { made, commands, executed, Uri, Position, Location };
}

describe('docs/editors.md', () => {
  // @verifies lsp#EDITOR-DOCS
  it('starts `factline lsp` the same way in every editor, with flags the command takes', async () => {
    const command = ['npx', '--no-install', 'factline', 'lsp'];
    const extension = await activateExtension();
    expect(extension.made.server).toEqual({ command: 'npx', args: command.slice(1), transport: 0 });
    expect(extension.made.started).toBe(true);
    for (const lua of blocksOfLang('lua'))
      expect(lua).toContain(`cmd = { ${command.map((w) => `'${w}'`).join(', ')} }`);
    expect(block('lua')).toContain("vim.fs.root(args.buf, { 'factline.config.json' })");
    const helix = parseToml(blocksOfLang('toml')[0]!) as {
      'language-server': { factline: { command: string; args: string[] } };
    };
    expect([helix['language-server'].factline.command, ...helix['language-server'].factline.args]).toEqual(
      command,
    );
    expect(block('rust')).toContain('args: vec!["--no-install".into(), "factline".into(), "lsp".into()]');
    // VS Code's client adds --stdio; the command takes it, and then wants its standard input.
    const run = await runInProcess(REPO, ['lsp', '--stdio']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('standard input');
  });

  // @verifies lsp#EDITOR-DOCS
  it('the VS Code extension and the Neovim setup show a code lens’s citations', async () => {
    const { commands, executed, Uri, Position, Location } = await activateExtension();
    const doc = parseSpec('@fact:A-FACT Something holds.\n', { file: 'specs/x.md', doc: 'x' });
    const at = { line: 0, character: 0 };
    const cited = {
      uri: 'file:///p/src/a.ts',
      range: { start: { line: 2, character: 3 }, end: { line: 2, character: 14 } },
    };
    const lens = factLens(
      { fact: doc.facts[0]!, citations: [], pin: 'p', outcomesChecked: false },
      'file:///p/specs/x.md',
      at,
      [cited],
    );
    expect(lens.command!.command).toBe(SHOW_REFERENCES);
    await commands.get(SHOW_REFERENCES)!(...lens.command!.arguments!);
    const [name, uri, position, locations] = executed[0]!;
    expect(name).toBe('editor.action.showReferences');
    expect(uri).toEqual(new Uri('file:///p/specs/x.md'));
    expect(position).toEqual(new Position(0, 0));
    expect((locations as InstanceType<typeof Location>[]).map((l) => [l.uri.text, l.range])).toEqual([
      ['file:///p/src/a.ts', { args: [2, 3, 2, 14] }],
    ]);
    for (const lua of blocksOfLang('lua')) {
      expect(lua).toContain(`vim.lsp.commands['${SHOW_REFERENCES}']`);
      expect(lua).toContain('command.arguments[3]');
    }
  });

  // @verifies lsp#EDITOR-DOCS
  it('every JSON and TOML block parses, and the Zed extension serves factline to the languages it names', () => {
    for (const json of blocksOfLang('json')) expect(() => JSON.parse(json)).not.toThrow();
    const manifest = JSON.parse(blocksOfLang('json')[0]!);
    expect(manifest.main).toBe('extension.js');
    expect(manifest.dependencies['vscode-languageclient']).toMatch(/^\d+\.\d+\.\d+$/);
    const tomls = blocksOfLang('toml').map((t) => parseToml(t) as Record<string, unknown>);
    expect(tomls).toHaveLength(3);
    const zed = tomls[1] as { language_servers: { factline: { languages: string[] } } };
    expect(zed.language_servers.factline.languages).toContain('Markdown');
    const settings = JSON.parse(blocksOfLang('json')[1]!);
    expect(settings.languages.Markdown.language_servers).toContain('factline');
  });
});

function blocksOfLang(lang: string): string[] {
  return blocks.filter((b) => b.lang === lang).map((b) => b.body);
}
