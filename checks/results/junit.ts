/**
 * JUnit XML from any runner (vitest, jest-junit, pytest, node's test runner,
 * cargo-nextest, Maven Surefire). The flavours differ in where the file and
 * the title path live; each outcome records which part named its file
 * (`joinKey`), so the gate can say per results file how it joined. A test
 * with <failure> or <error> failed, with <skipped> did not run. Pure.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { brokenXmlMessage } from './broken-input.ts';
import { failureSummary, type JoinKey, ResultsFormatError, type TestOutcome } from './model.ts';

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  // Numeric character references (`&#10;` in pytest's and node's messages) decoded, not shown raw.
  htmlEntities: true,
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

/**
 * The failure as the gate shows it: the message attribute, unless it is one
 * line and the body says more (vitest's and nextest's diffs, Surefire's
 * exception line live there).
 */
function failureLine(node: Node | string): string | undefined {
  const message = failureSummary(typeof node === 'string' ? undefined : attr(node, 'message'));
  const body = failureSummary(text(node));
  if (message === undefined || body === undefined) return message ?? body;
  return !message.includes(' ⏎ ') && body.length > message.length ? body : message;
}

/** A name that is a file path: its last segment ends in a source extension. */
const PATH =
  /^[^\n]*?[^/\\\s][^/\\]*\.(?:[cm]?[jt]sx?|py|rs|go|java|kt|kts|scala|rb|cs|fs|swift|php|ex|exs|erl|hs|ml|c|cc|cpp|sh|bats)$/;
const DOTTED = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;
const JEST_SUITE_ERROR = 'Test suite failed to run';

const isPath = (s: string | undefined): s is string => s !== undefined && PATH.test(s);

/** vitest writes the title path with ` > `; every other flavour gives one flat name. */
function titlesOf(name: string): { titles: string[]; flat: boolean } {
  return name.includes(' > ') ? { titles: name.split(' > '), flat: false } : { titles: [name], flat: true };
}

interface SuiteContext {
  /** The suite's `file` attribute, inherited by nested suites. */
  file?: string;
  /** The suite's name when it is a path (vitest; jest-junit's `{filepath}` suite name). */
  pathName?: string;
  pytest: boolean;
  /** The innermost suite's own name. */
  name?: string;
}

/*
 * Where each flavour puts the file and the title path (names written to be matched, not copied):
 * - vitest: classname = file, name = `describe > … > it`; a file that failed to load is one failed
 *   testcase whose name is the file;
 * - jest-junit: name and classname = `{classname} {title}` (describe titles and the test's, joined by
 *   spaces), a `file` attribute only with `addFileAttribute`, the file as classname or suite name only
 *   with a `{filepath}` template; a suite that failed to run is a testcase of classname
 *   `Test suite failed to run` named after the file;
 * - pytest: classname = dotted module path (then the class), `file`/`line` in the xunit1 family; a
 *   module that failed to collect is a testcase of empty classname named after the module;
 * - node's test runner: no file for a test; a file that failed is a testcase named after the file;
 * - cargo-nextest: classname = binary, name = `module::test`;
 * - Maven Surefire, Gradle: a suite per class named as its testcases' classname (the Java class), name = method.
 */
/** Where this testcase's file comes from, in order of trust. */
function placeOf(test: Node, suite: SuiteContext): { file?: string; module?: string; joinKey: JoinKey } {
  const own = attr(test, 'file');
  if (own !== undefined && own !== '') return { file: own, joinKey: 'file attribute' };
  const classname = attr(test, 'classname');
  if (isPath(classname)) return { file: classname, joinKey: 'classname' };
  if (suite.file !== undefined) return { file: suite.file, joinKey: 'file attribute' };
  if (suite.pathName !== undefined) return { file: suite.pathName, joinKey: 'suite name' };
  if (suite.pytest && classname !== undefined && DOTTED.test(classname))
    return { module: classname, joinKey: 'dotted module' };
  // Surefire and Gradle: a suite per class, named as its testcases' classname.
  if (classname !== undefined && classname === suite.name && DOTTED.test(classname))
    return { module: classname, joinKey: 'dotted module' };
  return { joinKey: 'none' };
}

/** A testcase that stands for its whole file: the file (or module) failed to load. */
function fileLevelPlace(
  test: Node,
  name: string,
  suite: SuiteContext,
): { file?: string; module?: string; joinKey: JoinKey } | undefined {
  const classname = attr(test, 'classname');
  const own = attr(test, 'file');
  if (isPath(name) && (classname === name || classname === JEST_SUITE_ERROR || !isPath(classname)))
    return {
      file: own ?? name,
      joinKey: own !== undefined ? 'file attribute' : classname === name ? 'classname' : 'test name',
    };
  if (suite.pytest && classname === '' && DOTTED.test(name))
    return own !== undefined
      ? { file: own, joinKey: 'file attribute' }
      : { module: name, joinKey: 'dotted module' };
  return undefined;
}

function collect(suite: Node, inherited: SuiteContext, source: string, out: TestOutcome[]): void {
  const name = attr(suite, 'name');
  const context: SuiteContext = { ...inherited };
  if (name !== undefined) context.name = name;
  else delete context.name;
  const file = attr(suite, 'file');
  if (file !== undefined && file !== '') context.file = file;
  if (isPath(name)) context.pathName = name;
  if (name === 'pytest') context.pytest = true;
  for (const child of list(suite, 'testsuite')) collect(child, context, source, out);
  for (const test of list(suite, 'testcase')) {
    const testName = attr(test, 'name');
    if (testName === undefined) continue;
    const failures = [...list(test, 'failure'), ...list(test, 'error')];
    const skipped = list(test, 'skipped');
    const status = failures.length > 0 ? 'failed' : skipped.length > 0 ? 'skipped' : 'passed';
    const whole = status === 'failed' ? fileLevelPlace(test, testName, context) : undefined;
    const place = whole ?? placeOf(test, context);
    const outcome: TestOutcome = { status, titles: [], source, joinKey: place.joinKey };
    if (whole !== undefined) outcome.fileLevel = true;
    else {
      const { titles, flat } = titlesOf(testName);
      outcome.titles = titles;
      if (flat) outcome.flat = true;
    }
    if (place.file !== undefined) outcome.file = place.file;
    if (place.module !== undefined) outcome.module = place.module;
    const line = Number(attr(test, 'line'));
    if (Number.isInteger(line) && line > 0) outcome.line = line;
    if (failures.length > 0) {
      const failure = failureLine(failures[0]!);
      if (failure !== undefined) outcome.failure = failure;
    }
    out.push(outcome);
  }
}

// @implements results#RESULTS-JUNIT-FLAVOURS
export function parseJunitXml(xml: string, source: string): TestOutcome[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new ResultsFormatError(brokenXmlMessage(source, valid.err, xml));
  }
  const doc = parser.parse(xml) as Node;
  const out: TestOutcome[] = [];
  const root = doc.testsuites;
  if (root !== undefined && typeof root === 'object') {
    const rootNode = root as Node;
    const pytest = attr(rootNode, 'name') === 'pytest tests';
    collect(rootNode, { pytest }, source, out);
  } else if (Array.isArray(doc.testsuite)) {
    for (const s of doc.testsuite as Node[])
      collect(s, { pytest: attr(s, 'name') === 'pytest' }, source, out);
  } else {
    throw new ResultsFormatError(
      `${source}: no <testsuites> or <testsuite> root; pass a JUnit XML report (e.g. \`vitest --reporter=junit\`, \`pytest --junitxml=FILE\`)`,
    );
  }
  return out;
}
