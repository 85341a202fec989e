// The JavaScript a browser must fetch before the first page can run: the entry script of
// dist/index.html and every module it preloads, gzipped. The aim is at most 300 KiB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const html = readFileSync('dist/index.html', 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join('dist', file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KiB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KiB  initial JavaScript, gzipped (aim: at most 300 KiB)`);
if (total > 300 * 1024) process.exitCode = 1;
