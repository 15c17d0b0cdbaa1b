import { type CSSVariablesResolver, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  defaultRadius: 'md',
  focusRing: 'auto',
});

/**
 * Secondary text, placeholders and field errors (text and the typed value of a field in error)
 * darkened to keep AA contrast on white and light grey.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});
