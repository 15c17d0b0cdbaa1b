import { MantineContext, MantineThemeProvider } from '@mantine/core';
import type { ContextType, ReactNode } from 'react';
import { theme } from './theme.ts';

/**
 * What Mantine's components read from MantineProvider, for the site's single, light colour
 * scheme (set on <html> by the page itself).
 */
const settings: NonNullable<ContextType<typeof MantineContext>> = {
  colorScheme: 'light',
  setColorScheme: () => {},
  clearColorScheme: () => {},
  getRootElement: () => document.documentElement,
  classNamesPrefix: 'mantine',
  cssVariablesSelector: ':root',
  withStaticClasses: true,
};

/**
 * Mantine's theme and settings without MantineProvider's work in the browser: the theme's CSS
 * variables and responsive classes come with the stylesheet, made from the same theme when the
 * app is built (`theme-stylesheet.ts`, served as `virtual:theme.css` by vite.config.ts). MantineProvider computes them on every page load: a
 * module-level pass over Mantine's default theme, then ≈ 700 variables for both colour schemes
 * in the first render, and a 7 KB style element in every server-rendered page.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <MantineContext value={settings}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
