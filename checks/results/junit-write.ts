/**
 * JUnit XML for outcomes whose file is known, as `factline results-from`
 * writes it: one testcase per test with its `file` (relative to the project
 * root) and its name, `<failure>` with the runner's text, `<skipped/>` for a
 * test that did not run. Attribute values keep their line breaks as
 * character references. Pure.
 */
import type { TestStatus } from './model.ts';

export interface WrittenTest {
  file: string;
  name: string;
  status: TestStatus;
  failure?: string;
}

const ESCAPES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};

const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const escapeXml = (text: string) =>
  text.replace(NOT_XML, '\ufffd').replace(/[<>&"\n\r\t]/g, (c) => ESCAPES[c]!);

export function junitXml(suite: string, tests: readonly WrittenTest[]): string {
  const failures = tests.filter((t) => t.status === 'failed').length;
  const skipped = tests.filter((t) => t.status !== 'passed' && t.status !== 'failed').length;
  const cases = tests.map((t) => {
    const head = `    <testcase classname="${escapeXml(t.file)}" file="${escapeXml(t.file)}" name="${escapeXml(t.name)}"`;
    if (t.status === 'passed') return `${head}/>`;
    if (t.status !== 'failed') return `${head}><skipped/></testcase>`;
    const text = t.failure ?? 'failed';
    return `${head}><failure message="${escapeXml(text)}">${escapeXml(text)}</failure></testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites>',
    `  <testsuite name="${escapeXml(suite)}" tests="${tests.length}" failures="${failures}" skipped="${skipped}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
