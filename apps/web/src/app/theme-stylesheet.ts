import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  em,
  keys,
  mergeMantineTheme,
  px,
} from '@mantine/core';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The stylesheet MantineProvider would write into the page at run time, for the site's light
 * colour scheme alone, made at build time from the theme: every Mantine CSS variable (in place of
 * Mantine's defaults, in its cascade layer), then the `hiddenFrom`/`visibleFrom` classes.
 */
export function themeStylesheet(): string {
  const full = mergeMantineTheme(DEFAULT_THEME, theme);
  const base = defaultCssVariablesResolver(full);
  const own = cssVariablesResolver(full);
  const variables = convertCssVariables(
    {
      variables: { ...base.variables, ...own.variables },
      light: { ...base.light, ...own.light },
      dark: {},
    },
    ':root',
  );
  const responsive = keys(full.breakpoints)
    .map((breakpoint) => {
      const width = Number(px(full.breakpoints[breakpoint]));
      return (
        `@media (max-width: ${em(width - 0.1)}) {.mantine-visible-from-${breakpoint} {display: none !important;}}` +
        `@media (min-width: ${em(width)}) {.mantine-hidden-from-${breakpoint} {display: none !important;}}`
      );
    })
    .join('');
  return `@layer mantine {${variables}}\n${responsive}\n`;
}
