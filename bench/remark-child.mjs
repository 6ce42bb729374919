// The floor the vibevm bench compares with: a whole process that parses every
// Markdown file under the given folders with bare unified + remark-parse +
// remark-gfm, and nothing else. Prints the file count and bytes.
//   node bench/remark-child.mjs DIR…
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const parser = unified().use(remarkParse).use(remarkGfm);
let files = 0;
let bytes = 0;
for (const dir of process.argv.slice(2)) {
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile() || !e.name.endsWith('.md')) continue;
    const text = readFileSync(join(e.parentPath, e.name), 'utf8');
    parser.parse(text);
    files++;
    bytes += text.length;
  }
}
console.log(`${files} files, ${bytes} chars`);
