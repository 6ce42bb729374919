/** The chain in the editor: `factline lsp` driven by a real LSP client on a copy of docs/chains. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LspClient } from '../../../support/lsp-client.ts';
import { REPO } from '../../support/cli.ts';
import { tempCopy } from '../../support/temp.ts';

describe('factline lsp on a chain', () => {
  // @verifies chains#LSP-SHOWS-CHAIN
  it('hovers a citation and a fact with their chain, and counts the links in the code lens', async () => {
    const root = tempCopy(join(REPO, 'docs', 'chains'), 'chains-lsp');
    const client = await LspClient.start(root);
    await client.open('src/greet.ts');
    const onCode = await client.hover('src/greet.ts', 0, 20);
    expect(onCode?.contents.value).toContain('software#SW-GREET');
    expect(onCode?.contents.value).toContain('serves upstream: refines `system#SYS-GREET`');

    await client.open('specs/tests.md');
    const onLeaf = await client.hover('specs/tests.md', 7, 8);
    expect(onLeaf?.contents.value).toContain(
      'serves upstream: refines `software#SW-GREET` → `system#SYS-GREET`',
    );

    await client.open('specs/system.md');
    const onTop = await client.hover('specs/system.md', 7, 8);
    expect(onTop?.contents.value).toContain('refined by: `software#SW-GREET` (refines)');
    // No "unknown target" from judging one fact alone: the facts it links to are judged with it.
    expect(onTop?.contents.value).toContain('covered through refinement');

    const lenses = await client.request<{ range: { start: { line: number } }; command: { title: string } }[]>(
      'textDocument/codeLens',
      'specs/software.md',
    );
    expect(lenses.map((l) => [l.range.start.line, l.command.title])).toEqual([
      [7, '1 impl · 0 tests · ↑ 1 up · ↓ 1 refining'],
      [9, '1 impl · 0 tests · ↑ 1 up · ↓ 1 refining'],
    ]);
    expect(await client.stop()).toBe(0);
  });
});
