// The server render's store of markup many pages draw alike (`KeptElement`): filled from each
// render's marked elements, read by the next renders. Server only (entry-server.tsx).
import { KEPT_ATTRIBUTE } from '../components/kept-markup.tsx';

/**
 * The markup of the parts many pages draw alike as the first render drew it, by what it depends
 * on (`KeptElement`): the frame, a search's stay fields and page links, a hotel as drawn from
 * its data. Cleared when full: some 32 MB, counted as two bytes a character (a hotel is 20–30 k
 * characters, some 600 of them).
 */
export const keptMarkup = new Map<string, string>();
const KEPT_BYTES = 32_000_000;
let keptBytes = 0;

/**
 * Forgets every part kept: some are drawn from the catalogue under a key that does not say so
 * (the server calls this at every catalogue change, with its rendered pages).
 */
export function forgetKeptMarkup(): void {
  keptMarkup.clear();
  keptBytes = 0;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * `text` in a string of its own. A part cut out of a page is, in V8, a slice that keeps the whole
 * page's text alive (a 90 kB page for each 30-character key or 20 kB part kept), and a slice of
 * a string built around it (`` ` ${text}`.slice(1) ``) is again a slice of the page: only
 * decoding its bytes makes new characters.
 */
function ownString(text: string): string {
  return decoder.decode(encoder.encode(text));
}

function keepMarkup(cutKey: string, cutMarkup: string) {
  const key = ownString(cutKey);
  const own = ownString(cutMarkup);
  const bytes = 2 * (key.length + own.length);
  if (keptBytes + bytes > KEPT_BYTES) {
    keptMarkup.clear();
    keptBytes = 0;
  }
  const was = keptMarkup.get(key);
  keptBytes += bytes - (was === undefined ? 0 : 2 * (key.length + was.length));
  keptMarkup.set(key, own);
}

const KEPT_MARK = ` ${KEPT_ATTRIBUTE}="`;

/**
 * Keeps the content of each element a render marked (`KeptElement`, drawn in place the first
 * time) and takes the marks out: the page is then as a later render draws it from what is kept.
 * React escapes `<` in text and attributes, so a tag found here is a tag.
 */
export function keepMarkedMarkup(html: string): string {
  let page = html;
  for (let at = page.indexOf(KEPT_MARK); at !== -1; at = page.indexOf(KEPT_MARK, at)) {
    const keyEnd = page.indexOf('"', at + KEPT_MARK.length);
    const key = page.slice(at + KEPT_MARK.length, keyEnd);
    const tag = /^<([a-z]+)/.exec(page.slice(page.lastIndexOf('<', at)))?.[1];
    const start = page.indexOf('>', keyEnd) + 1;
    const tags = new RegExp(`<${tag}[ >]|</${tag}>`, 'g');
    tags.lastIndex = start;
    let depth = 1;
    for (let found = tags.exec(page); found; found = tags.exec(page)) {
      depth += found[0].startsWith('</') ? -1 : 1;
      if (depth === 0) {
        keepMarkup(key, page.slice(start, found.index));
        break;
      }
    }
    page = page.slice(0, at) + page.slice(keyEnd + 1);
  }
  return page;
}
