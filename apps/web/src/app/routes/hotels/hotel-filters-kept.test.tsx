// @vitest-environment node
import { HOTEL_LIST_PARAMS } from '@devstay/shared/hotel-list-params';
import { expect, test } from 'vitest';

/**
 * The toolbar's filter buttons are markup the server keeps and writes into later pages
 * (`KeptElement`): what they draw from the address (a yes/no attribute's toggle pressed or not)
 * must be in their key, or every later page shows the first one's. A yes/no attribute of this
 * file only is put into the list's table before the toolbar loads: the production table may
 * have none.
 */
const FLAG = 'throwawayFlag';
Object.assign(HOTEL_LIST_PARAMS, { [FLAG]: { kind: 'boolean', label: 'Throwaway flag' } });

const { renderToString } = await import('react-dom/server');
const { KeptMarkup } = await import('../../../components/kept-markup.tsx');
const { HotelToolbar } = await import('../../../features/hotels/components/hotel-toolbar.tsx');
const { forgetKeptMarkup, keepMarkedMarkup, keptMarkup } = await import(
  '../../kept-markup-store.ts'
);
const { ThemeProvider } = await import('../../theme-provider.tsx');
const { HotelAttributes } = await import(
  '../../../features/hotels/components/hotel-attributes.tsx'
);

const nothing = () => {};

/** The toolbar as the server renders it for a page, kept parts written in from earlier pages. */
function serverDrawn(attributes: string[]): string {
  return keepMarkedMarkup(
    renderToString(
      <KeptMarkup value={keptMarkup}>
        <ThemeProvider>
          <HotelToolbar
            text=""
            onTextChange={nothing}
            sort={undefined}
            onType={nothing}
            onSearch={nothing}
            onOpenFilter={nothing}
            onPrepareFilter={nothing}
            onClear={nothing}
            attributes={attributes as never[]}
            onAttribute={nothing}
            onSort={nothing}
          />
        </ThemeProvider>
      </KeptMarkup>,
    ),
  );
}

/** The toolbar as it draws itself with nothing kept (what the browser hydrates against). */
function drawnWhole(attributes: string[]): string {
  forgetKeptMarkup();
  const page = serverDrawn(attributes);
  forgetKeptMarkup();
  return page;
}

test("the filter buttons' kept markup is the page's own: a toggle is drawn as the address says", () => {
  const pressed = /aria-pressed="(true|false)"[^>]*>(?:(?!<\/button>).)*Throwaway flag/s;
  expect(pressed.exec(drawnWhole([FLAG]))?.[1]).toBe('true');
  expect(pressed.exec(drawnWhole([]))?.[1]).toBe('false');

  // In turn, each page as it would be drawn whole, while the earlier ones' markup is kept.
  for (const attributes of [[FLAG], [], [FLAG], []]) {
    expect(serverDrawn(attributes), attributes.join()).toBe(drawnWhole(attributes));
  }
  for (const attributes of [[FLAG], []]) serverDrawn(attributes);
  expect(serverDrawn([])).toBe(drawnWhole([]));
  expect(serverDrawn([FLAG])).toBe(drawnWhole([FLAG]));
  // Sixteen renders of the toolbar: on a loaded machine, longer than a test's default 5 s.
}, 60_000);

test('a hotel that has the attribute shows its label on its card and page; one without, nothing', () => {
  expect(renderToString(<HotelAttributes hotel={{ [FLAG]: true }} />)).toBe(
    '<p>Throwaway flag</p>',
  );
  expect(renderToString(<HotelAttributes hotel={{ [FLAG]: false }} />)).toBe('');
});
