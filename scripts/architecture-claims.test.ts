import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { falseClaims, ownerClaims, type SourceTree, sourceTree } from './architecture-claims.ts';
import { ROOT } from './web-build.ts';

const table = (row: string) => `# Doc

## One owner per rule

| Rule | Owner | Called by |
|---|---|---|
${row}

## Next
`;

const tree = (files: Record<string, string>): SourceTree => ({
  files: Object.keys(files),
  read: (file) => files[file] as string,
});

const ROW =
  '| Money | `packages/shared/src/text.ts` (`centsToPrice`, `formatUsd`) | the quote (`availability/quote.ts`), the hold sweeper (`server.ts` passes `app.clock`) |';
const CODE = {
  'packages/shared/src/text.ts':
    'export function centsToPrice() {}\nexport const formatUsd = () => 1;\n',
  'apps/api/src/modules/availability/quote.ts':
    "import { formatUsd } from '@devstay/shared/text';\n",
  'apps/api/src/server.ts': 'start({ clock: app.clock });\n',
};

describe('the one-owner table', () => {
  it('reads a row: owners with their symbols, callers, every symbol named', () => {
    expect(ownerClaims(table(ROW))).toEqual([
      {
        rule: 'Money',
        owners: [{ file: 'packages/shared/src/text.ts', symbols: ['centsToPrice', 'formatUsd'] }],
        callers: ['availability/quote.ts', 'server.ts'],
        symbols: ['centsToPrice', 'formatUsd', 'clock'],
      },
    ]);
  });

  it('holds when the code agrees', () => {
    expect(falseClaims(ownerClaims(table(ROW)), tree(CODE))).toEqual([]);
  });

  it('fails when an owner symbol moves away', () => {
    const moved = { ...CODE, 'packages/shared/src/text.ts': 'export function centsToPrice() {}\n' };
    expect(falseClaims(ownerClaims(table(ROW)), tree(moved))).toEqual([
      '"Money": formatUsd is not defined in packages/shared/src/text.ts',
    ]);
  });

  it('fails when a second file defines an owner symbol', () => {
    const twice = {
      ...CODE,
      'apps/web/src/lib/money.ts': 'export const formatUsd = (n: number) => `$${n}`;\n',
    };
    expect(falseClaims(ownerClaims(table(ROW)), tree(twice))).toEqual([
      '"Money": formatUsd is defined again in apps/web/src/lib/money.ts',
    ]);
  });

  it('fails when a cited caller no longer calls', () => {
    const gone = {
      ...CODE,
      'apps/api/src/modules/availability/quote.ts': 'export const quote = 1;\n',
    };
    expect(falseClaims(ownerClaims(table(ROW)), tree(gone))).toEqual([
      '"Money": availability/quote.ts uses none of centsToPrice, formatUsd, clock',
    ]);
  });

  it('fails when a cited file does not exist', () => {
    const { 'apps/api/src/server.ts': _, ...rest } = CODE;
    expect(falseClaims(ownerClaims(table(ROW)), tree(rest))).toEqual([
      '"Money": caller server.ts is not a source file',
    ]);
  });

  it('holds for docs/architecture.md and the code as they are', () => {
    const markdown = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const claims = ownerClaims(markdown);
    expect(claims.length).toBeGreaterThan(5);
    expect(falseClaims(claims, sourceTree(ROOT))).toEqual([]);
  });
});
