import { createContext, type FormHTMLAttributes, type ReactNode, useContext } from 'react';

/**
 * The server render's store of markup drawn the same on many pages (the frame's bar and
 * footer), by key. None in the browser.
 */
export interface MarkupKeeper {
  get(key: string): string | undefined;
}

export const KeptMarkup = createContext<MarkupKeeper | null>(null);

/** The attribute that marks, in a server render, an element whose content is to be kept. */
export const KEPT_ATTRIBUTE = 'data-kept';

interface KeptElementProps
  extends Omit<FormHTMLAttributes<HTMLElement>, 'children' | 'dangerouslySetInnerHTML'> {
  as: 'header' | 'footer' | 'div' | 'form' | 'nav' | 'article';
  /**
   * What its content depends on (letters, digits, `-`, `_`, `/`): the same key, the same markup on
   * every page. None: drawn at every render (what it depends on makes no key).
   */
  keptAs: string | undefined;
  children: ReactNode;
}

/**
 * An element whose content the server draws once for all the pages that share `keptAs`: its
 * first render marks the element, for the server to keep what it drew inside; the next ones
 * write that in as it was drawn. The browser renders the children, and hydrates them against
 * that markup.
 */
export function KeptElement({ as: Tag, keptAs, children, ...attributes }: KeptElementProps) {
  const keeper = useContext(KeptMarkup);
  // The browser's build keeps only the plain element (`import.meta.env.SSR` is false there).
  const kept = import.meta.env.SSR && keptAs !== undefined ? keeper?.get(keptAs) : undefined;
  if (kept !== undefined) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: what React drew inside this element for an earlier page
    return <Tag {...attributes} dangerouslySetInnerHTML={{ __html: kept }} />;
  }
  return (
    <Tag {...attributes} {...(keeper && keptAs !== undefined ? { [KEPT_ATTRIBUTE]: keptAs } : {})}>
      {children}
    </Tag>
  );
}

/**
 * A key for markup drawn from `data` (what the server read for it): the same data, the same key,
 * so markup kept for data that has since changed is never used. A 53-bit hash of its JSON
 * (cyrb53): among the parts kept at once, two data sharing a key is out of reach.
 */
export function dataKey(prefix: string, data: unknown): string {
  const text = JSON.stringify(data) ?? '';
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${prefix}-${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}`;
}
