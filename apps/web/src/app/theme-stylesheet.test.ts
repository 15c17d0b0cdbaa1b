import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { themeStylesheet } from './theme-stylesheet.ts';

const css = themeStylesheet();
const declared = (text: string) =>
  new Set([...text.matchAll(/(--mantine-[\w-]+)\s*:/g)].map((m) => m[1]));

describe('the theme stylesheet', () => {
  test("declares every variable of Mantine's default stylesheet, which it replaces", () => {
    const file = createRequire(import.meta.url).resolve(
      '@mantine/core/styles/default-css-variables.layer.css',
    );
    const own = declared(css);
    const missing = [...declared(readFileSync(file, 'utf8'))].filter((name) => !own.has(name));
    expect(missing).toEqual([]);
  });

  test("carries the site's theme: font, primary shade and the darkened secondary text", () => {
    expect(css).toContain('--mantine-font-family: system-ui, -apple-system');
    expect(css).toContain('--mantine-color-blue-filled: var(--mantine-color-blue-8)');
    expect(css).toContain('--mantine-color-dimmed: var(--mantine-color-gray-7)');
  });

  test('holds the light colour scheme alone, in Mantine’s cascade layer', () => {
    expect(css.startsWith('@layer mantine {:root{')).toBe(true);
    expect(css).toContain(':root[data-mantine-color-scheme="light"]{');
    expect(css).not.toMatch(/color-scheme.?=.?.?dark/);
  });

  test('hides hiddenFrom/visibleFrom elements at the theme’s breakpoints', () => {
    expect(css).toContain(
      '@media (min-width: 48em) {.mantine-hidden-from-sm {display: none !important;}}',
    );
    expect(css).toContain(
      '@media (max-width: 47.99375em) {.mantine-visible-from-sm {display: none !important;}}',
    );
  });
});
