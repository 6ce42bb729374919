/**
 * The report page's script is a typed module: checked against the DOM
 * library without Node's types, bundled by the build step, and the bundle
 * the reporter inlines is never stale.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPORT_JS } from '../../../../checks/reporters/html/page-script.ts';
import { renderHtmlReport } from '../../../../checks/reporters/html.ts';
import { bundlePageScript, PAGE_MODULE, pageModuleText } from '../../../../support/build-page.ts';
import { REPO } from '../../../support/cli.ts';
import { sampleInputs, sampleResult } from '../../../support/report-sample.ts';

const PAGE_TSCONFIG = join(REPO, 'checks/reporters/html/page/tsconfig.json');

function pageCompilerOptions(): ts.CompilerOptions {
  const read = ts.readConfigFile(PAGE_TSCONFIG, (p) => ts.sys.readFile(p));
  return ts.parseJsonConfigFileContent(read.config, ts.sys, join(REPO, 'checks/reporters/html/page')).options;
}

describe('the report page script', () => {
  // @verifies report#PAGE-SCRIPT-TYPED
  it('the inlined bundle is what the build makes of html/page/ now (a stale bundle fails here)', async () => {
    const fresh = readFileSync(PAGE_MODULE, 'utf8') === pageModuleText(await bundlePageScript());
    expect(fresh, `${PAGE_MODULE} is stale: run \`npm run build\` (npm test does it first)`).toBe(true);
    const html = renderHtmlReport(sampleResult(), sampleInputs());
    expect(html).toContain(`<script>${REPORT_JS}</script>`);
    // One self-contained script: nothing left to load.
    expect(REPORT_JS).not.toMatch(/\bimport\s*[({'"]|\brequire\(/);
  });

  // @verifies report#PAGE-SCRIPT-TYPED
  it('is type-checked with the DOM library and without Node, by `npm run typecheck`', () => {
    const scripts = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).scripts;
    expect(scripts.typecheck).toContain('checks/reporters/html/page/tsconfig.json');
    for (const step of ['prepare', 'pretest', 'build'])
      expect(scripts[step]).toContain('support/build-page.ts');
    const dir = mkdtempSync(join(tmpdir(), 'factline-page-probe-'));
    try {
      const probe = join(dir, 'probe.ts');
      writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
      writeFileSync(probe, 'export const a: HTMLElement = document.body;\nexport const b = process.argv;\n');
      // `npm run typecheck` checks the page's own modules; here, the config itself: DOM yes, Node no.
      const program = ts.createProgram([probe], pageCompilerOptions());
      const messages = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(messages).toEqual([expect.stringContaining("Cannot find name 'process'")]);
      expect(messages[0]).toContain("Cannot find name 'process'");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
