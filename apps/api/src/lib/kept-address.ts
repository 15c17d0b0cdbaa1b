/**
 * The address an answer is kept under: its path and, of its query, only the parameters its
 * route reads, in the order given. Parameters a visitor invents (tracking tags, cache busters)
 * then share the entry of the address without them instead of each keeping a copy and
 * pushing popular answers out.
 *
 * Parameter names are compared as sent: a name written with escapes (`na%6De`) could mean a
 * parameter the route reads once decoded, so such an address has no kept form (undefined) and
 * goes to the application every time; so does one with a fragment, and one whose path holds an
 * escape (`/api/hotels/%31%37` is hotel 17 spelled otherwise: kept, each spelling would take an
 * entry of its own). Values are kept as sent.
 */
export function keptAddress(url: string, params: readonly string[]): string | undefined {
  if (url.includes('#') || pathOf(url).includes('%')) return undefined;
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const pairs = url.slice(mark + 1).split('&');
  // Each pair's place in `params` (-1: not read). Mostly the address is its own kept form
  // already (only read parameters, in their order: as the site writes them).
  const places: number[] = [];
  let inOrder = true;
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (name.includes('%') || name.includes('+')) return undefined;
    const place = pair === '' ? -1 : params.indexOf(name);
    if (place < (places.at(-1) ?? 0)) inOrder = false;
    places.push(place);
  }
  if (inOrder) return url;
  const read: string[][] = params.map(() => []);
  for (const [i, pair] of pairs.entries()) read[places[i] ?? -1]?.push(pair);
  const query = read.flat().join('&');
  const path = url.slice(0, mark);
  return query === '' ? path : `${path}?${query}`;
}

/** The path of an address (before its query). */
export function pathOf(url: string): string {
  const mark = url.indexOf('?');
  return mark === -1 ? url : url.slice(0, mark);
}
