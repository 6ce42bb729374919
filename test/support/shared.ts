/**
 * The shared corpus beside the repository (`../shared`, or FACTLINE_SHARED):
 * real files other tools wrote, read in place and never copied in. Tests
 * that need it skip, saying so, when it is absent.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './cli.ts';

export const SHARED = process.env.FACTLINE_SHARED ?? join(REPO, '..', 'shared');
export const REQIF_CORPUS = join(SHARED, 'corpus', 'reqif');
export const REQIF_SCHEMA = join(REQIF_CORPUS, 'schema', 'reqif.xsd');
export const HAS_REQIF_CORPUS = existsSync(join(REQIF_CORPUS, 'files'));
/** Debian's libxml2-utils: the validator the OMG schema is checked with. */
export const HAS_XMLLINT = spawnSync('xmllint', ['--version'], { encoding: 'utf8' }).status === 0;
if (!HAS_REQIF_CORPUS)
  console.warn(`skipping the ReqIF corpus tests: ${REQIF_CORPUS} is absent (set FACTLINE_SHARED)`);
if (!HAS_XMLLINT)
  console.warn('skipping the ReqIF schema checks: xmllint is not installed (apt-get install libxml2-utils)');

/** xmllint's verdict on `file` against the OMG ReqIF schema, offline: whether it validates, and what it said. */
export function validateReqif(file: string): { valid: boolean; output: string } {
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', REQIF_SCHEMA, file], {
    encoding: 'utf8',
  });
  return { valid: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

/** How many `local-name` elements the XML at `file` (or, in a zip, each `.reqif` inside it) holds, counted by xmllint. */
export function countElements(file: string, localName: string): number {
  const xpath = `count(//*[local-name()='${localName}'])`;
  if (!file.endsWith('.reqifz')) {
    const run = spawnSync('xmllint', ['--xpath', xpath, file], { encoding: 'utf8' });
    return Number(run.stdout.trim());
  }
  const entries = spawnSync('unzip', ['-Z1', file], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((n) => n.endsWith('.reqif'));
  let total = 0;
  for (const entry of entries) {
    const xml = spawnSync('unzip', ['-p', file, entry], { encoding: 'buffer' }).stdout;
    total += Number(
      spawnSync('xmllint', ['--xpath', xpath, '-'], { input: xml, encoding: 'utf8' }).stdout.trim(),
    );
  }
  return total;
}
