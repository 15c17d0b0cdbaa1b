import { useEffect } from 'react';

/**
 * Marks the page as interactive once React runs its content: on a server-rendered page, after
 * the content has hydrated, which happens after the frame's (see `Layout`). What automated
 * clients wait for before they type or click.
 */
export function InteractiveMark() {
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return null;
}
