/**
 * `factline import` at its edges: input that is not XML, a stored (not
 * deflated) .reqifz, and a missing --out, through the CLI in this process.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli.ts';
import { tempProject } from '../support/temp.ts';

const ONE_OBJECT = `<?xml version="1.0" encoding="UTF-8"?>
<REQ-IF xmlns="http://www.omg.org/spec/ReqIF/20110401/reqif.xsd">
  <CORE-CONTENT><REQ-IF-CONTENT>
    <SPEC-OBJECTS>
      <SPEC-OBJECT IDENTIFIER="REQ-1" LONG-NAME="The one requirement"/>
    </SPEC-OBJECTS>
  </REQ-IF-CONTENT></CORE-CONTENT>
</REQ-IF>
`;

describe('factline import', () => {
  // @verifies interchange#IMPORT-LENIENT-WITH-PLACED-WARNINGS
  it('exits 2 naming the line and column of XML that is not well-formed', async () => {
    const root = tempProject({ 'bad.reqif': '<REQ-IF>\n  <CORE-CONTENT>\n  </CORE>\n</REQ-IF>\n' });
    const run = await runInProcess(root, ['import', 'bad.reqif', '--out', 'out']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/bad\.reqif:3:\d+: not well-formed XML: .*CORE/);
  });

  // @verifies interchange#IMPORT-READS-REQIFZ
  it('reads a .reqifz whose entries are stored, not deflated', async () => {
    const root = tempProject({ 'a.reqif': ONE_OBJECT });
    // Python's zipfile writes stored entries by default.
    const zipped = spawnSync('python3', ['-m', 'zipfile', '-c', 'a.reqifz', 'a.reqif'], { cwd: root });
    expect(zipped.status).toBe(0);
    const run = await runInProcess(root, ['import', 'a.reqifz', '--out', 'specs']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('a.reqifz!a.reqif: 1 SPEC-OBJECT → 1 fact in 1 document');
    expect(readFileSync(join(root, 'specs', 'a-unplaced.md'), 'utf8')).toContain(
      '@fact:REQ-1 The one requirement',
    );
  });

  it('needs --out', async () => {
    const root = tempProject({ 'a.reqif': ONE_OBJECT });
    const run = await runInProcess(root, ['import', 'a.reqif']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('import needs --out DIR');
  });
});
