/**
 * What vibevm's ratchet and freshness gates read, taken off the disk for the
 * pure judges in checks/profiles/vibevm-gates.ts: each gated crate's Rust
 * files under `src/` with their public surface (vibevm's ratchet walks the
 * same: the crates its `scan_roots` name, less `exempt`, less `/generated/`),
 * the committed `specmap.json`, and the macro-body lines of a Rust file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { glob } from 'tinyglobby';
import type { CommittedMap, GatedFile, VibevmGateData } from '../../checks/profiles/vibevm-gates.ts';
import { macroBodyLines, rustSurface } from '../../checks/scan/rust-items.ts';
import type { FactlineConfig } from '../config/model.ts';
import { readGateFile } from '../files/read.ts';

/**
 * vibevm's module path of a crate file (its rscan `module_path`): the crate
 * name with `_` for `-`, then the directories under `src/`, then the file
 * stem unless it is `lib`, `main` or `mod`.
 */
export function vibevmModulePath(crate: string, inCrate: string): string {
  const parts = inCrate.split('/').slice(1);
  const last = parts.pop()!.replace(/\.rs$/, '');
  return [crate.replace(/-/g, '_'), ...parts, ...(['lib', 'main', 'mod'].includes(last) ? [] : [last])].join(
    '::',
  );
}

/** The crate directories a `scan_roots` entry names: `dir/*` each subdirectory of dir, any other entry itself. */
function crateDirs(root: string, scanRoots: readonly string[]): string[] {
  const out: string[] = [];
  for (const entry of scanRoots) {
    if (entry.endsWith('/*')) {
      const parent = entry.slice(0, -2);
      try {
        for (const d of readdirSync(resolve(root, parent), { withFileTypes: true }))
          if (d.isDirectory()) out.push(`${parent}/${d.name}`);
      } catch {}
    } else out.push(entry);
  }
  return out.sort();
}

function committedMap(root: string): CommittedMap | undefined {
  let text: string;
  try {
    text = readFileSync(join(root, 'specmap.json'), 'utf8');
  } catch {
    return undefined;
  }
  const raw = JSON.parse(text) as {
    spec_units?: CommittedMap['units'];
    edges?: CommittedMap['edges'];
  };
  return {
    file: 'specmap.json',
    units: (raw.spec_units ?? []).map((u) => ({
      uri: u.uri,
      file: u.file,
      line: u.line,
      ...(u.revision === undefined ? {} : { revision: u.revision }),
    })),
    edges: (raw.edges ?? []).map((e) => ({
      file: e.file,
      line: e.line,
      verb: e.verb,
      uri: e.uri,
      ...(e.pinned_r === undefined ? {} : { pinned_r: e.pinned_r }),
    })),
  };
}

/** The inputs, or undefined when the run is not under the vibevm profile. */
export async function vibevmGateInputs(config: FactlineConfig): Promise<VibevmGateData | undefined> {
  const gates = config.vibevmGates;
  if (config.profile !== 'vibevm' || gates === undefined) return undefined;
  const gated: GatedFile[] = [];
  for (const dir of crateDirs(config.root, gates.scanRoots)) {
    const crate = dir.slice(dir.lastIndexOf('/') + 1);
    if (config.exempt.includes(crate)) continue;
    const files = await glob(['src/**/*.rs'], { cwd: resolve(config.root, dir), onlyFiles: true });
    for (const inCrate of files.sort()) {
      if (inCrate.includes('/generated/')) continue;
      const file = `${dir}/${inCrate}`;
      const text = readGateFile(config.root, file);
      if (text === undefined) continue;
      const { module, implAttributeLines } = rustSurface(text, vibevmModulePath(crate, inCrate));
      gated.push({ crate, file, surface: module, implAttributeLines });
    }
  }
  const macroLines = new Map<string, Set<number>>();
  return {
    gated,
    dispositioned: gates.dispositioned,
    map: committedMap(config.root),
    config: config.file ?? 'specmap.toml',
    insideMacroBody(file, line) {
      if (!file.endsWith('.rs')) return false;
      let lines = macroLines.get(file);
      if (lines === undefined) {
        lines = macroBodyLines(readGateFile(config.root, file) ?? '');
        macroLines.set(file, lines);
      }
      return lines.has(line);
    },
  };
}
