/**
 * The vibevm gates list each crate's Rust files with one readdir walk
 * (engine/gate/vibevm-gates.ts rustFilesUnder); tinyglobby's `src/**\/*.rs`,
 * what they were listed with before, is the oracle: on the shared corpus's
 * real crate, on this repository's folders, and on generated trees holding
 * dot names, `.rs` folders, symbolic links to files and folders, a dangling
 * link and a link cycle.
 */
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { glob } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../engine/errors.ts';
import { rustFilesUnder } from '../../../../engine/gate/vibevm-gates.ts';
import { removeTree, writeBeyondPathLimit } from '../../../../support/adversarial-cases.ts';
import { REPO } from '../../../support/cli.ts';
import { SHARED } from '../../../support/shared.ts';
import { tempDir } from '../../../support/temp.ts';

/** What the glob lists under `crate` (the folder holding `src/`), sorted. */
async function globbed(crate: string): Promise<string[]> {
  return (await glob(['src/**/*.rs'], { cwd: crate, onlyFiles: true })).sort();
}

const walked = (crate: string) => rustFilesUnder(join(crate, 'src'), 'src').sort();

describe('the gated files of a crate', () => {
  // @verifies vibevm#GATED-FILES-ONE-WALK
  it('are the files tinyglobby lists for src/**/*.rs, on real folders', async () => {
    const corpus = join(SHARED, 'corpus', 'vibevm-code', 'crates');
    const real = existsSync(corpus) ? readdirSync(corpus).map((name) => join(corpus, name)) : [];
    // This repository's own folders hold no src/ of Rust: its `src`-less root and a missing folder list nothing either way.
    const crates = [...real, REPO, join(REPO, 'missing')];
    let seen = 0;
    for (const crate of crates) {
      const expected = await globbed(crate);
      seen += expected.length;
      expect(walked(crate), crate).toEqual(expected);
    }
    expect(seen).toBeGreaterThan(0);
  });

  // @verifies vibevm#GATED-FILES-ONE-WALK
  it('are the files tinyglobby lists through dot names, `.rs` folders, links to files and folders, dangling links and a link to itself', async () => {
    for (let seed = 0; seed < 12; seed++) {
      const crate = tempDir('gated-walk');
      const src = join(crate, 'src');
      // Link targets outside src/, holding no link themselves (a cycle is the next test's).
      const outside = join(crate, 'outside');
      mkdirSync(join(outside, 'deep', '.dot'), { recursive: true });
      for (const f of ['o.rs', 'deep/d.rs', 'deep/.dot/h.rs', 'deep/n.txt'])
        writeFileSync(join(outside, f), '');
      const targets = [outside, join(outside, 'deep'), join(outside, 'o.rs'), join(outside, 'deep', 'n.txt')];
      mkdirSync(src);
      // A link to itself: a loop the OS will not resolve, listed by neither.
      symlinkSync(join(src, 'loop.rs'), join(src, 'loop.rs'));
      const dirs = [src];
      let n = seed * 7919 + 1;
      const next = () => {
        n = (n * 1103515245 + 12345) & 0x7fffffff;
        return n;
      };
      for (let i = 0; i < 40; i++) {
        const parent = dirs[next() % dirs.length]!;
        const name =
          ['a', '.hidden', 'mod.rs', 'lib', 'x.rs', 'b-c', '.rs', 'gen'][next() % 8]! +
          (i % 3 === 0 ? '' : i);
        const path = join(parent, name);
        if (existsSync(path)) continue;
        switch (next() % 6) {
          case 0:
          case 1:
            mkdirSync(path);
            dirs.push(path);
            break;
          case 2:
            symlinkSync(targets[next() % targets.length]!, path);
            break;
          case 3:
            symlinkSync(join(parent, 'nowhere'), path);
            break;
          default:
            writeFileSync(`${path}${next() % 2 === 0 ? '.rs' : '.txt'}`, '');
        }
      }
      expect(walked(crate), `seed ${seed}`).toEqual(await globbed(crate));
    }
  });

  // @verifies vibevm#GATED-FILES-ONE-WALK
  it('ends on a link back to a folder being walked, having listed every file once on the way', () => {
    const crate = tempDir('gated-cycle');
    mkdirSync(join(crate, 'src', 'a', 'b'), { recursive: true });
    writeFileSync(join(crate, 'src', 'a', 'b', 'x.rs'), '');
    writeFileSync(join(crate, 'src', 'y.rs'), '');
    symlinkSync(join(crate, 'src', 'a'), join(crate, 'src', 'a', 'b', 'up'));
    symlinkSync(join(crate, 'src'), join(crate, 'src', 'a', 'root'));
    expect(walked(crate)).toEqual(['src/a/b/x.rs', 'src/y.rs']);
  });

  // @verifies engine#UNREADABLE-FILES-ARE-NOT-SILENT
  it('stop the run when a folder under src/ cannot be listed, naming it; a src that is a file or absent gates nothing', async () => {
    const crate = tempDir('gated-unlistable');
    mkdirSync(join(crate, 'src'));
    writeFileSync(join(crate, 'src', 'lib.rs'), '');
    writeBeyondPathLimit(join(crate, 'src'), 'deep.rs', '');
    let thrown: unknown;
    try {
      walked(crate);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UsageError);
    expect((thrown as Error).message).toMatch(
      /^cannot list .*\/src\/d{250}\/.*; make it readable \(or shorten the path\), or add its crate to `exempt`/,
    );
    removeTree(crate);

    const flat = tempDir('gated-src-file');
    writeFileSync(join(flat, 'src'), 'not a folder');
    expect(walked(flat)).toEqual(await globbed(flat));
    expect(walked(flat)).toEqual([]);
  });
});
