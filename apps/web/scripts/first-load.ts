// Gzipped size (level 9, as the server sends the build's .gz copies) of the JavaScript the first load of any page fetches: the module scripts of
// dist/index.html and its modulepreloads. The budget is 150 kB (1 kB = 1000 bytes, as Vite reports) (README.md, "Budget").
// Also checks that this code makes React DOM's sentinel errors without a stack (vite.config.ts):
// the rewrite silently stops applying if React DOM's file is renamed. And that the first-load
// stylesheet carries the theme's variables and no rule of the dark colour scheme (vite.config.ts).
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
let stacklessSentinels = 0;
for (const file of files) {
  const code = readFileSync(path.join(dist, file));
  stacklessSentinels += code.toString().split('Object.create(Error.prototype,{message:').length - 1;
  const size = gzipSync(code, { level: 9 }).length / 1000;
  total += size;
  console.log(`${file}  ${size.toFixed(2)} kB gzip`);
}
console.log(`first load: ${total.toFixed(2)} kB gzip (budget ${BUDGET_KB} kB)`);
if (total > BUDGET_KB) process.exit(1);
console.log(`React DOM sentinel errors made without a stack: ${stacklessSentinels}`);
if (stacklessSentinels === 0) process.exit(1);

const stylesheets = [...html.matchAll(/<link rel="stylesheet"[^>]*? href="([^"]+\.css)"/g)];
const css = stylesheets.map(([, href]) => readFileSync(path.join(dist, href), 'utf8')).join('');
const themed = css.includes('--mantine-font-family:system-ui');
const darkRules = css.match(/data-mantine-color-scheme=["']?dark/g)?.length ?? 0;
console.log(
  `first-load styles: ${(css.length / 1000).toFixed(2)} kB, theme variables ${themed ? 'present' : 'missing'}, dark-scheme rules ${darkRules}`,
);
if (!themed || darkRules > 0) process.exit(1);
