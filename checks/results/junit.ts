/**
 * JUnit XML from any runner. The flavours differ in where the file and the
 * title path live (names written to be matched, not copied):
 * - vitest: classname = file, name = `describe > … > it`;
 * - jest-junit: name = `describe … it` (spaces), `file` when enabled;
 * - pytest: classname = dotted module (and class), `file`/`line` in xunit1;
 * - cargo-nextest: classname = binary, name = `module::test`;
 * - Maven Surefire: classname = Java class, name = method.
 * A test with <failure> or <error> failed, with <skipped> did not run. Pure.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { brokenXmlMessage } from './broken-input.ts';
import { firstLine, ResultsFormatError, type TestOutcome } from './model.ts';

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => ['testsuite', 'testcase', 'failure', 'error', 'skipped'].includes(name),
});

function attr(node: Node, name: string): string | undefined {
  const v = node[`@${name}`];
  return typeof v === 'string' ? v : undefined;
}

function list(node: Node, name: string): Node[] {
  const v = node[name];
  return Array.isArray(v) ? (v as Node[]) : [];
}

function text(node: Node | string): string | undefined {
  if (typeof node === 'string') return node;
  const t = node['#text'];
  return typeof t === 'string' ? t : undefined;
}

/** The failure's first line: its message attribute, else its body. */
function failureLine(node: Node | string): string | undefined {
  const message = typeof node === 'string' ? undefined : attr(node, 'message');
  return firstLine(message) ?? firstLine(text(node));
}

/** vitest writes the title path with ` > `; every other flavour gives one flat name. */
function titlesOf(name: string): string[] {
  return name.includes(' > ') ? name.split(' > ') : [name];
}

function collect(suite: Node, inheritedFile: string | undefined, source: string, out: TestOutcome[]): void {
  const suiteFile = attr(suite, 'file') ?? inheritedFile;
  for (const child of list(suite, 'testsuite')) collect(child, suiteFile, source, out);
  for (const test of list(suite, 'testcase')) {
    const name = attr(test, 'name');
    if (name === undefined) continue;
    const failures = [...list(test, 'failure'), ...list(test, 'error')];
    const skipped = list(test, 'skipped');
    const outcome: TestOutcome = {
      status: failures.length > 0 ? 'failed' : skipped.length > 0 ? 'skipped' : 'passed',
      titles: titlesOf(name),
      source,
    };
    const file = attr(test, 'file') ?? suiteFile ?? attr(test, 'classname');
    if (file !== undefined) outcome.file = file;
    const line = Number(attr(test, 'line'));
    if (Number.isInteger(line) && line > 0) outcome.line = line;
    if (failures.length > 0) {
      const failure = failureLine(failures[0]!);
      if (failure !== undefined) outcome.failure = failure;
    }
    out.push(outcome);
  }
}

export function parseJunitXml(xml: string, source: string): TestOutcome[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new ResultsFormatError(brokenXmlMessage(source, valid.err, xml));
  }
  const doc = parser.parse(xml) as Node;
  const out: TestOutcome[] = [];
  const root = doc.testsuites;
  if (root !== undefined && typeof root === 'object') collect(root as Node, undefined, source, out);
  else if (Array.isArray(doc.testsuite))
    for (const s of doc.testsuite as Node[]) collect(s, undefined, source, out);
  else {
    throw new ResultsFormatError(
      `${source}: no <testsuites> or <testsuite> root; pass a JUnit XML report (e.g. \`vitest --reporter=junit\`, \`pytest --junitxml=FILE\`)`,
    );
  }
  return out;
}
