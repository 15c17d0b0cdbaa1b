import { PRODUCT_NAME } from '@devstay/shared/constants';
import { useEffect } from 'react';

/** Sets the browser tab's title for the current screen. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title
      ? `${title} | ${PRODUCT_NAME}`
      : `${PRODUCT_NAME} — hotels for developers`;
  }, [title]);
}
