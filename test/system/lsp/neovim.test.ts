/**
 * docs/editors.md's Neovim setups, played in the Neovim installed here
 * (Debian 12 ships 0.7.2): each Lua block the page shows whose stated version
 * range holds the installed Neovim is the `init.lua` of a headless Neovim,
 * started from another folder, that opens a spec of a temp project whose
 * `npx --no-install factline lsp` is this checkout. The client must attach,
 * the server's diagnostics and code lenses reach the buffer, and a Markdown
 * file outside any project opens without an error. The blocks are read from
 * the page itself, so the page cannot drift from what runs. Without nvim the
 * test skips with a note; with CI set it fails (.ci/run installs neovim).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { examples } from '../../cli/adoption/doc-examples.ts';
import { REPO } from '../../support/cli.ts';
import { TOOLCHAINS, toolchainFor } from '../../support/runner-tools.ts';
import { tempDir, tempProject } from '../../support/temp.ts';

type Version = [number, number];

/** The Lua blocks of the page, each with the Neovim versions its first line says it is for. */
function luaSetups(): { body: string; line: number; from: Version; to?: Version }[] {
  return examples('editors.md')
    .filter((b) => b.lang === 'lua')
    .map((b) => {
      const head = /^-- factline for Neovim (\d+)\.(\d+) (?:or later|to (\d+)\.(\d+))\.$/m.exec(
        b.body.split('\n')[0]!,
      );
      if (head === null)
        throw new Error(`docs/editors.md:${b.line}: a Lua block must open with its versions`);
      const [, a, b1, c, d] = head.map(Number);
      return {
        body: b.body,
        line: b.line,
        from: [a!, b1!] as Version,
        ...(head[3] === undefined ? {} : { to: [c!, d!] as Version }),
      };
    });
}

const atLeast = (v: Version, min: Version) => v[0] > min[0] || (v[0] === min[0] && v[1] >= min[1]);

function installedNeovim(): Version {
  const out = spawnSync('nvim', ['--version'], { encoding: 'utf8' }).stdout;
  const m = /^NVIM v(\d+)\.(\d+)/.exec(out);
  if (m === null) throw new Error(`cannot read the Neovim version from: ${out.slice(0, 80)}`);
  return [Number(m[1]), Number(m[2])];
}

/** Waits for the server's diagnostics and lenses in the opened buffer, then writes what it saw as JSON. */
const PROBE = `
local ready = vim.wait(150000, function()
  return #vim.diagnostic.get(0) > 0 and #vim.lsp.codelens.get(0) > 0
end, 200)
local attached = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = 0 }) or vim.lsp.buf_get_clients(0)
local clients = {}
for _, c in pairs(attached) do table.insert(clients, c.name) end
local diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(diagnostics, { line = d.lnum, code = d.code, message = d.message, source = d.source })
end
local lenses = {}
for _, l in ipairs(vim.lsp.codelens.get(0)) do
  table.insert(lenses, { line = l.range.start.line, title = l.command and l.command.title or '' })
end
local f = assert(io.open(vim.env.FACTLINE_PROBE_OUT, 'w'))
f:write(vim.fn.json_encode({ ready = ready, clients = clients, diagnostics = diagnostics, lenses = lenses }))
f:close()
vim.cmd('qa!')
`;

const SPEC = `# App {#root}

@fact:APP-ONE It does one thing. @status:impl/dnoe

@fact:APP-TWO It does another. @status:impl/done
`;

/** A project whose own factline (node_modules/.bin/factline) is this checkout. */
function project(): string {
  const root = tempProject({
    'factline.config.json': JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.ts'] }),
    'specs/app.md': SPEC,
  });
  mkdirSync(join(root, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(REPO, join(root, 'node_modules', 'factline'), 'dir');
  symlinkSync('../factline/bin/factline.js', join(root, 'node_modules', '.bin', 'factline'));
  return root;
}

/** Headless Neovim with `config` as its init.lua, from a folder outside the project, on `file`. */
function neovim(config: string, file: string, extra: string[]) {
  const here = tempDir('nvim-home');
  writeFileSync(join(here, 'init.lua'), config);
  writeFileSync(join(here, 'probe.lua'), PROBE);
  const out = join(here, 'out.json');
  const run = spawnSync('nvim', ['--headless', '-u', join(here, 'init.lua'), file, ...extra], {
    cwd: here,
    encoding: 'utf8',
    timeout: 200_000,
    env: { ...process.env, FACTLINE_PROBE_OUT: out, XDG_STATE_HOME: here, XDG_DATA_HOME: here },
  });
  return { run, out, here };
}

describe("docs/editors.md's Neovim setups in the installed Neovim", () => {
  // @verifies lsp#EDITOR-DOCS-NEOVIM-PLAYED
  it('attach factline lsp to a spec: its diagnostics and code lenses arrive; a file outside a project opens cleanly', (ctx) => {
    if (!toolchainFor(TOOLCHAINS.nvim)) return ctx.skip();
    const version = installedNeovim();
    const setups = luaSetups();
    expect(setups.length).toBeGreaterThanOrEqual(2);
    const fitting = setups.filter(
      (s) => atLeast(version, s.from) && (s.to === undefined || atLeast(s.to, version)),
    );
    // Some block of the page is for the Neovim installed here (Debian's 0.7.2 included).
    expect(
      fitting.length,
      `no Lua block of docs/editors.md is for Neovim ${version.join('.')}`,
    ).toBeGreaterThan(0);
    for (const setup of fitting) {
      const root = project();
      const { run, out } = neovim(setup.body, join(root, 'specs/app.md'), ['-c', 'luafile probe.lua']);
      expect(run.status, `docs/editors.md:${setup.line}: ${run.stderr}${run.stdout}`).toBe(0);
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/Error/);
      const seen = JSON.parse(readFileSync(out, 'utf8')) as {
        ready: boolean;
        clients: string[];
        diagnostics: { line: number; code: string; message: string; source: string }[];
        lenses: { line: number; title: string }[];
      };
      expect(seen.ready, JSON.stringify(seen)).toBe(true);
      expect(seen.clients).toEqual(['factline']);
      expect(seen.diagnostics).toContainEqual(
        expect.objectContaining({ line: 2, code: 'unknown-state', source: 'factline' }),
      );
      expect(seen.diagnostics.find((d) => d.code === 'unknown-state')!.message).toContain(
        'did you mean `done`?',
      );
      expect(seen.diagnostics).toContainEqual(
        expect.objectContaining({ line: 4, code: 'missing-implementation' }),
      );
      expect(seen.lenses).toContainEqual({
        line: 4,
        title: '0 impl · 0 tests — missing implementation and test',
      });

      // Outside any project: no server, and no error on opening or entering a Markdown file.
      const plain = join(tempDir('nvim-plain'), 'notes.md');
      writeFileSync(plain, '# Notes\n');
      const quiet = neovim(setup.body, plain, ['-c', 'doautocmd BufEnter', '-c', 'qa!']).run;
      expect(quiet.status).toBe(0);
      expect(`${quiet.stdout}${quiet.stderr}`).toBe('');
    }
  }, 400_000);
});
