/** GitHub Actions workflow commands: one `::error file=…,line=…::` line per finding. */
import type { TraceResult } from '../model.ts';
import { fixFor } from '../rules.ts';

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

// @implements trace#GATE-CI-OUTPUTS
export function renderGithub(result: TraceResult): string {
  return result.findings
    .map((f) => {
      const command = f.severity === 'error' ? 'error' : f.severity === 'warning' ? 'warning' : 'notice';
      const props = `file=${escapeProperty(f.file)},line=${f.line},col=${f.column},title=${escapeProperty(`factline ${f.rule}`)}`;
      const message = `${f.message}\nfix: ${fixFor(f)}`;
      return `::${command} ${props}::${escapeData(message)}\n`;
    })
    .join('');
}
