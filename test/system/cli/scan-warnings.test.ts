/**
 * A scan warning (a file TypeScript's parser fails on, read by tokens alone)
 * reaches every front end of the gate through the real binaries: `check`'s
 * stderr, `factline serve`'s `trace_check` result, and `factline lsp`'s
 * messages to the editor.
 */
import { describe, expect, it } from 'vitest';
import { LspClient } from '../../../support/lsp-client.ts';
import { BIN, runFactline } from '../../support/cli.ts';
import { connect } from '../../support/mcp.ts';
import { tempProject } from '../../support/temp.ts';

// `{} / 2` is ambiguous to the tokens, so TypeScript's parser is asked, and 20,000 nested brackets overflow it.
const DEEP = `const o = {} / 2;\nconst a = ${'['.repeat(20_000)}1${']'.repeat(20_000)};\n// @implements doc#A\n`;
const WARNING = /src\/deep\.ts: TypeScript's parser failed \(RangeError/;

function project(): string {
  return tempProject({
    'factline.config.json': JSON.stringify({
      specs: ['specs/**/*.md'],
      sources: ['src/**/*'],
      tests: ['test/**/*'],
    }),
    'specs/doc.md': '# Doc\n\n@fact:A A. @status:impl/done @requires:implementation\n',
    'src/deep.ts': DEEP,
  });
}

describe('scan warnings reach every front end', () => {
  // @verifies scanner#SCAN-WARNINGS-REACH-EVERY-FRONT-END
  it('check prints it, serve’s trace_check returns it, lsp shows it', async () => {
    const cli = await runFactline(['check', '--no-cache'], project());
    expect(cli.stderr).toMatch(WARNING);
    expect(cli.code).toBe(0);

    const session = await connect([BIN, 'serve'], { cwd: project() });
    try {
      const answer = (await session.client.callTool({ name: 'trace_check', arguments: {} })) as unknown as {
        content: { text: string }[];
        structuredContent: { clean: boolean; warnings: { file: string; message: string }[] };
      };
      expect(answer.structuredContent.clean).toBe(true);
      expect(answer.structuredContent.warnings).toHaveLength(1);
      expect(answer.structuredContent.warnings[0]!.file).toBe('src/deep.ts');
      expect(`src/deep.ts: ${answer.structuredContent.warnings[0]!.message}`).toMatch(WARNING);
      expect(answer.content[0]!.text).toMatch(WARNING);
    } finally {
      await session.close();
    }

    const client = await LspClient.start(project());
    try {
      await client.until(() => client.messages.some((m) => WARNING.test(m.message)));
      expect(client.messages.filter((m) => WARNING.test(m.message))).toHaveLength(1);
      expect(client.messages.find((m) => WARNING.test(m.message))!.type).toBe(2); // Warning
    } finally {
      expect(await client.stop()).toBe(0);
    }
  }, 120_000);
});
