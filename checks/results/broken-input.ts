/**
 * A results file that does not parse, said in factline's words: where (line
 * and column), what was expected there, and the fix; never the parser's own
 * message, which names its internals rather than the file. Pure.
 */

/** fast-xml-parser's validation error, as `XMLValidator.validate` gives it. */
export interface XmlProblem {
  code: string;
  msg: string;
  line: number;
  col: number;
}

/** What is wrong at the place, from the validator's error code and the tag names it found. */
function xmlWhat(problem: XmlProblem): string {
  const names = [...problem.msg.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
  const opened = /opened in line (\d+), col (\d+)/.exec(problem.msg);
  if (problem.code === 'InvalidTag') {
    if (opened && names.length >= 2) {
      return `expected </${names[0]}> (the <${names[0]}> opened at ${opened[1]}:${opened[2]}) before </${names[1]}>`;
    }
    if (/unclosed|not closed/i.test(problem.msg) && names[0]) return `<${names[0]}> is never closed`;
    if (/no matching|not opened|never opened/i.test(problem.msg) && names[0]) {
      return `</${names[0]}> closes a tag that was never opened`;
    }
    return 'a tag is broken here (a name, a bracket or its closing tag)';
  }
  // Tags still open at the end: the validator lists them and places the error at 1:1.
  const unclosed = /^Invalid '\[(.*)\]' found/s.exec(problem.msg);
  if (problem.code === 'InvalidXml' && unclosed) {
    const tags = [...unclosed[1]!.matchAll(/"([^"]*)"/g)].map((m) => `<${m[1]}>`);
    return `the file ends with ${tags.join(', ')} never closed`;
  }
  if (problem.code === 'InvalidAttr')
    return 'an attribute is broken here (an unquoted value, or a name given twice)';
  if (problem.code === 'InvalidChar') return 'a character that cannot stand here (an unescaped < or &)';
  return 'the XML is broken here, or ends before its last tag is closed';
}

// @implements results#BROKEN-RESULTS-PLACE
export function brokenXmlMessage(source: string, problem: XmlProblem, xml: string): string {
  // An unclosed tag is found at the end of the file, whatever place the validator gives.
  const lines = xml.split('\n');
  const place = /^Invalid '\[/.test(problem.msg)
    ? `${lines.length}:${lines.at(-1)!.length + 1}`
    : `${problem.line}:${problem.col}`;
  return `${source}:${place}: not a well-formed JUnit XML file: ${xmlWhat(problem)}; the report was cut short or damaged: run the tests again to write it anew`;
}

/**
 * `line:col` of the first character JSON.parse rejects. V8 does not always say
 * where (Node 20: "Unexpected token …"), so find the longest prefix that is
 * still valid JSON or merely unfinished; the offending character follows it.
 */
export function jsonErrorPlace(text: string): string {
  let ok = 0;
  let bad = text.length + 1;
  while (bad - ok > 1) {
    const mid = (ok + bad) >> 1;
    if (isValidSoFar(text.slice(0, mid))) ok = mid;
    else bad = mid;
  }
  const before = text.slice(0, Math.min(ok, text.length)).split('\n');
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
}

function isValidSoFar(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return true;
  } catch (error) {
    const message = (error as Error).message;
    const at = /position (\d+)/.exec(message);
    return /end of JSON input/.test(message) || (at !== null && Number(at[1]) >= prefix.length);
  }
}

// @implements results#BROKEN-RESULTS-PLACE
export function brokenJsonMessage(source: string, text: string): string {
  const place = jsonErrorPlace(text);
  const [line, col] = place.split(':').map(Number);
  const lines = text.split('\n');
  const ended = line! > lines.length || (line === lines.length && col! > lines.at(-1)!.length);
  const what = ended
    ? 'the JSON ends before its last value is closed'
    : 'a character JSON does not allow here';
  return `${source}:${place}: not a well-formed JSON report: ${what}; the report was cut short or damaged: run the tests again to write it anew`;
}
