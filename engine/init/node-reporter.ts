/**
 * A reporter for node's test runner that `factline init` writes into a
 * project: JUnit XML in which every test case names its file (relative to
 * the working directory) and its `describe > it` title, and a failure keeps
 * its whole message. Node's own junit reporter names no file, so its results
 * could not be joined to the citing tests.
 */
export const NODE_REPORTER = `// A reporter for node's test runner: JUnit XML in which each test case names
// its file and its full title, so \`factline check --results\` can join every
// citing test to its outcome. Used by .github/workflows/factline.yml.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// Line breaks as character references: in an attribute a raw one would be read back as a space.
const escape = (text) =>
  String(text).replace(/[<>&"\\n\\r\\t]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', '\\n': '&#10;', '\\r': '&#13;', '\\t': '&#9;' })[c]);

const fileOf = (file) => relative(process.cwd(), file.startsWith('file:') ? fileURLToPath(file) : file).split('\\\\').join('/');

export default async function* junitWithFiles(source) {
  const open = new Map();
  const cases = [];
  for await (const { type, data } of source) {
    if (data?.file === undefined) continue;
    const names = open.get(data.file) ?? [];
    open.set(data.file, names);
    if (type === 'test:start') {
      names.length = data.nesting;
      names.push(data.name);
      continue;
    }
    if (type !== 'test:pass' && type !== 'test:fail') continue;
    if (data.details?.type === 'suite') continue;
    const title = [...names.slice(0, data.nesting), data.name].join(' > ');
    const file = escape(fileOf(data.file));
    const head = \`    <testcase classname="\${file}" file="\${file}" name="\${escape(title)}" time="\${(data.details?.duration_ms ?? 0) / 1000}"\`;
    if (data.skip !== undefined || data.todo !== undefined) cases.push({ xml: \`\${head}><skipped/></testcase>\`, failed: false, skipped: true });
    else if (type === 'test:fail') {
      const error = data.details?.error;
      // The whole message: node's assertion puts the values compared on the lines after the first.
      const message = escape(error?.cause?.message ?? error?.message ?? 'failed');
      cases.push({ xml: \`\${head}><failure message="\${message}"/></testcase>\`, failed: true, skipped: false });
    } else cases.push({ xml: \`\${head}/>\`, failed: false, skipped: false });
  }
  const failures = cases.filter((c) => c.failed).length;
  const skipped = cases.filter((c) => c.skipped).length;
  yield '<?xml version="1.0" encoding="UTF-8"?>\\n<testsuites>\\n';
  yield \`  <testsuite name="node --test" tests="\${cases.length}" failures="\${failures}" skipped="\${skipped}">\\n\`;
  for (const c of cases) yield \`\${c.xml}\\n\`;
  yield '  </testsuite>\\n</testsuites>\\n';
}
`;

export const NODE_REPORTER_PATH = 'scripts/junit-with-files.mjs';
