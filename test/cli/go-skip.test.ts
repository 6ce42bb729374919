/**
 * A Go test that skips itself first never runs: `factline check` without
 * results does not count its `@verifies` (through the CLI, on a temp
 * project; the never-run differential holds the same reading against
 * `go test` itself).
 */
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli.ts';
import { tempProject } from '../support/temp.ts';

const SPEC =
  '# gen\n\n@status:impl/done\n\n@fact:SKIPPED It is skipped.\n\n@fact:LATER It may skip.\n\n@fact:RUNS It runs.\n';

describe('Go tests read as go test reads them', () => {
  // @verifies scanner#GO-STATIC-SKIP
  it('t.Skip() first is verification-skipped, a later t.Skip() unconfirmed, a plain test counts', async () => {
    const root = tempProject({
      'factline.config.json': JSON.stringify({ sources: ['src/**/*'], tests: ['**/*_test.go'] }),
      'specs/gen.md': SPEC,
      'src/gen.go':
        'package gen\n\n// @implements gen#SKIPPED\n// @implements gen#LATER\n// @implements gen#RUNS\nfunc F() {}\n',
      'gen_test.go':
        'package gen\n\nimport "testing"\n\n' +
        '// @verifies gen#SKIPPED\nfunc TestSkipped(t *testing.T) {\n\tt.Parallel()\n\tt.Skipf("%s", "not yet")\n}\n\n' +
        '// @verifies gen#LATER\nfunc TestLater(t *testing.T) {\n\tif testing.Short() {\n\t\tt.SkipNow()\n\t}\n}\n\n' +
        '// @verifies gen#RUNS\nfunc TestRuns(t *testing.T) {\n\t_ = "t.Skip()" // a string, not a call\n}\n',
    });
    const r = await runInProcess(root, ['check', '--no-cache']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/gen_test\.go:\d+:\d+: error verification-skipped .*t\.Skip\(\) first/);
    expect(r.stdout).toMatch(
      /gen_test\.go:\d+:\d+: error verification-unconfirmed .*t\.Skip\(\) at run time/,
    );
    // Only TestRuns verifies: 1 of the 3 facts.
    expect(r.stdout).toMatch(/^FAIL 3 facts, 3 required, 1 verified, /m);
    expect(r.stdout).not.toMatch(/gen#RUNS/);
  });
});
