// docs/architecture.md's "One owner per rule" table, checked against the code: each owner file
// defines the symbols the table names, no other source file defines one of them again, and
// each caller the table cites uses one of the row's symbols. A claim that stops being true
// (a symbol moved, a second owner, a caller that no longer calls) fails the test.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OwnerClaim {
  rule: string;
  /** Owner files with the symbols each defines. */
  owners: { file: string; symbols: string[] }[];
  /** Files the table says call the rule, as written (a path relative to some source folder). */
  callers: string[];
  /** Every symbol the row names, owners' and callers' (`app.clock` counts as `clock`). */
  symbols: string[];
}

const CODE_PATH = /^[\w./-]+\.tsx?$/;
const SYMBOL = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

const backticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
const lastName = (symbol: string) => symbol.split('.').at(-1) as string;

/** The rows of the table under `heading`, in order. */
export function ownerClaims(markdown: string, heading = '## One owner per rule'): OwnerClaim[] {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const section = markdown.slice(start + heading.length + 2);
  const end = section.search(/\n## /);
  const rows = (end < 0 ? section : section.slice(0, end))
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[-\s|]+\|$/.test(line))
    .slice(1); // the header
  return rows.map((row) => {
    const cells = row.split(/(?<!\\)\|/).slice(1, -1);
    if (cells.length !== 3) throw new Error(`a row of three cells expected: ${row}`);
    const [rule, owner, called] = cells as [string, string, string];
    const owners: OwnerClaim['owners'] = [];
    for (const token of backticked(owner)) {
      if (CODE_PATH.test(token) && token.includes('/')) owners.push({ file: token, symbols: [] });
      else if (SYMBOL.test(token) && owners.length > 0) owners.at(-1)?.symbols.push(token);
    }
    const callerTokens = backticked(called);
    return {
      rule: rule.trim(),
      owners,
      callers: callerTokens.filter((t) => CODE_PATH.test(t)),
      symbols: [
        ...owners.flatMap((o) => o.symbols),
        ...callerTokens.filter((t) => SYMBOL.test(t) && !CODE_PATH.test(t)),
      ].map(lastName),
    };
  });
}

export interface SourceTree {
  /** Repository-relative paths of the production sources (no tests). */
  files: string[];
  read(file: string): string;
}

/** The production TypeScript sources under `root`'s apps, packages and scripts. */
export function sourceTree(root: string): SourceTree {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.'))
        continue;
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (
        /\.tsx?$/.test(entry.name) &&
        !/\.(test|spec)\.tsx?$/.test(entry.name) &&
        !rel.includes('/test/')
      )
        files.push(rel);
    }
  };
  for (const dir of ['apps', 'packages', 'scripts']) walk(dir);
  return { files, read: (file) => readFileSync(path.join(root, file), 'utf8') };
}

const definition = (symbol: string, exported: boolean) =>
  new RegExp(
    `(?:^|\\n)\\s*${exported ? 'export\\s+' : '(?:export\\s+)?'}(?:async\\s+)?(?:function\\*?|const|let|class)\\s+${symbol}\\b`,
  );

/** Every claim of `claims` that the sources contradict, as sentences; empty when all hold. */
export function falseClaims(claims: OwnerClaim[], tree: SourceTree): string[] {
  const problems: string[] = [];
  const resolve = (cited: string) =>
    tree.files.filter((f) => f === cited || f.endsWith(`/${cited}`));
  for (const claim of claims) {
    const where = `"${claim.rule.slice(0, 60)}"`;
    if (claim.owners.length === 0) problems.push(`${where}: no owner file named`);
    // A row's symbols may be spread over its owner files (a rule and the text it writes).
    const ownerFiles = new Set<string>();
    for (const owner of claim.owners) {
      const [file, ...others] = resolve(owner.file);
      if (!file || others.length > 0)
        problems.push(
          `${where}: owner ${owner.file} is ${file ? 'ambiguous' : 'not a source file'}`,
        );
      else ownerFiles.add(file);
    }
    const owned = [...ownerFiles];
    for (const symbol of claim.owners.flatMap((o) => o.symbols.map(lastName))) {
      if (!owned.some((file) => definition(symbol, false).test(tree.read(file))))
        problems.push(`${where}: ${symbol} is not defined in ${owned.join(' or ')}`);
      // A second owner exports the same name; a private helper that happens to share it does not.
      for (const file of tree.files) {
        if (!ownerFiles.has(file) && definition(symbol, true).test(tree.read(file)))
          problems.push(`${where}: ${symbol} is defined again in ${file}`);
      }
    }
    for (const caller of claim.callers) {
      const files = resolve(caller);
      if (files.length === 0) problems.push(`${where}: caller ${caller} is not a source file`);
      else if (
        !files.some((f) =>
          claim.symbols.some((s) =>
            new RegExp(`\\b${s.replace('$', '\\$')}\\b`).test(tree.read(f)),
          ),
        )
      )
        problems.push(`${where}: ${caller} uses none of ${claim.symbols.join(', ')}`);
    }
  }
  return problems;
}
