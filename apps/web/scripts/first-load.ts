// Gzipped size (level 9, as the server sends the build's .gz copies) of the JavaScript the first load of any page fetches: the module scripts of
// dist/index.html and its modulepreloads. The budget is 150 kB (1 kB = 1000 bytes, as Vite reports) (README.md, "Budget").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const dist = path.join(import.meta.dirname, '../dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = new Set<string>();
for (const match of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
  const tag = match[0];
  const isModule = tag.startsWith('<script') && /type="module"/.test(tag);
  const isPreload = /rel="modulepreload"/.test(tag);
  const src = /(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
  if (src && (isModule || isPreload)) files.add(src);
}

let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1000;
  total += size;
  console.log(`${file}  ${size.toFixed(2)} kB gzip`);
}
console.log(`first load: ${total.toFixed(2)} kB gzip (budget ${BUDGET_KB} kB)`);
if (total > BUDGET_KB) process.exit(1);
