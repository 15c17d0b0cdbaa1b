import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

/**
 * Route handlers reach the database through their module's repository. Biome refuses a route
 * file importing drizzle-orm or the schema (biome.json); this also catches what needs no import:
 * a query on the handle itself (`app.db.select()`, `app.db.query.…`, raw SQL through `$client`).
 */
const MODULES = fileURLToPath(new URL('.', import.meta.url));
const routeFiles = readdirSync(MODULES, { recursive: true, encoding: 'utf8' }).filter((file) =>
  /(^|[/-])routes\.ts$/.test(file),
);
// `\s*` spans lines: a chain is usually broken after the handle (`app.db⏎  .select()`).
const QUERY_ON_HANDLE =
  /\b(?:db|tx)\s*\.\s*(?:execute|select\w*|insert|update|delete|query|\$client|\$count|\$with|with)\b/g;

test('route files are found', () => {
  expect(routeFiles).toContain('hotels/routes.ts');
  expect(routeFiles).toContain('bookings/receipt-routes.ts');
});

test.each(routeFiles)('%s runs no query of its own', (file) => {
  const source = readFileSync(`${MODULES}${file}`, 'utf8');
  const queries = [...source.matchAll(QUERY_ON_HANDLE)].map((match) => {
    const line = source.slice(0, match.index).split('\n').length;
    return `line ${line}: ${match[0].replace(/\s+/g, '')}`;
  });
  expect(queries).toEqual([]);
});
