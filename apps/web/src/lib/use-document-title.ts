import { PRODUCT_NAME } from '@devstay/shared/constants';
import { createContext, useContext, useEffect } from 'react';

/** The browser tab's title for a screen's title; without one, the site's own. */
function documentTitle(title: string | undefined): string {
  return title ? `${title} | ${PRODUCT_NAME}` : `${PRODUCT_NAME} — hotels for developers`;
}

/**
 * Where the server's render collects the screen's title, for the page's `<title>`: effects do
 * not run there. Null in the browser, which sets `document.title` itself.
 */
export const DocumentTitleSink = createContext<{ title?: string } | null>(null);

/** Sets the browser tab's title for the current screen. */
export function useDocumentTitle(title: string | undefined): void {
  const sink = useContext(DocumentTitleSink);
  // Server render only: the screen's own title is the last one rendered.
  if (sink) sink.title = documentTitle(title);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
