import type { APIRequestContext, Request } from '@playwright/test';
import { baseUrl } from '../support/accounts.ts';
import {
  accountMenu,
  collectConsoleErrors,
  expect,
  expectSoundPage,
  test,
} from '../support/fixtures.ts';

interface Hotel {
  id: number;
  name: string;
  pictures: { url: string }[];
  Rooms: { name: string }[];
}

async function firstHotel(request: APIRequestContext): Promise<Hotel> {
  const hotels = await (await request.get('/api/hotels?pageSize=1')).json();
  return (await request.get(`/api/hotels/${hotels[0].id}`)).json();
}

/** The HTML the server sends for an address, before any script runs. */
async function html(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path, { headers: { accept: 'text/html' } });
  expect(res.status()).toBe(200);
  return res.text();
}

const STATE_BLOCK = '<script type="application/json" id="server-state">';
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

test('a hotel page arrives drawn: its name, first picture at high priority, rooms and data', async ({
  request,
}) => {
  const hotel = await firstHotel(request);
  const page = await html(request, `/hotel/${hotel.id}`);
  // Its name is the heading and, as in the browser, the page's title.
  const heading = /<h1[^>]*>([^<]+)<\/h1>/.exec(page)?.[1];
  expect(heading).toBeTruthy();
  expect(page).toContain(`<title>${heading} | DevStay</title>`);
  const first = hotel.pictures[0]?.url.replace(/^https?:\/\/[^/]+/, '') ?? '';
  const stem = first.replace(/-\d+\.webp$/, '');
  // Found by the browser in the head, before any script: the page's largest paint.
  const head = page.slice(0, page.indexOf('</head>'));
  expect(head).toContain(`imageSrcSet="${stem}`);
  expect(head).toMatch(/fetchPriority="high"/);
  for (const room of hotel.Rooms) expect(page).toContain(escapeHtml(room.name));
  expect(page).toContain(STATE_BLOCK);
  // Its styles are in its head: nothing to fetch before the first paint.
  expect(head).toMatch(/<style data-href="\/assets\/index-[^"]+\.css">/);
  expect(head).not.toContain('rel="stylesheet"');
});

test('a server-rendered page is drawn styled without fetching a stylesheet', async ({
  page,
  request,
}) => {
  const hotel = await firstHotel(request);
  for (const path of ['/home', `/hotel/${hotel.id}`]) {
    const stylesheets: string[] = [];
    const onRequest = (req: Request) => {
      if (req.resourceType() === 'stylesheet') stylesheets.push(req.url());
    };
    page.on('request', onRequest);
    await page.goto(path);
    // Hydrated: the screen's code has loaded, and with it any style it would fetch again.
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
    page.off('request', onRequest);
    expect(stylesheets, path).toEqual([]);
    // Styled: Mantine's container is bounded (unstyled, a block has no maximum width).
    const container = page.locator('main .mantine-Container-root').first();
    expect(await container.evaluate((el) => getComputedStyle(el).maxWidth), path).not.toBe('none');
  }
});

test('screens with private or per-visitor content come as the app shell', async ({ request }) => {
  // A path that starts with `//` (sent as is, not resolved as another host).
  const otherOrigin = `${baseUrl()}//evil.example/home`;
  for (const path of ['/cart', '/login', '/profileusers', '/hotel/999999999', otherOrigin]) {
    const page = await html(request, path);
    expect(page, path).toContain('<div id="root"></div>');
    expect(page, path).not.toContain(STATE_BLOCK);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the hotel list and a hotel can be read and followed', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Find your hotel' })).toBeVisible();
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(8);
    const name = (await cards.first().locator('h2').textContent())?.trim() ?? '';
    await cards.first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/hotel\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('heading', { name: 'Available rooms' })).toBeVisible();
  });
});

test('a server-rendered page hydrates without a mismatch and then works as the app', async ({
  page,
  request,
  signInAs,
}) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/home');
  // The search runs on the client once hydrated: the list follows the address.
  await page.getByRole('searchbox', { name: 'Search hotels by name or destination' }).fill('tech');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/name=tech/);
  await expectSoundPage(page, errors);

  // Signed in, the page is the same as a visitor's until the session is known, then shows it.
  await signInAs('user');
  const hotel = await firstHotel(request);
  await page.goto(`/hotel/${hotel.id}`);
  await expect(accountMenu(page)).toBeVisible();
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expectSoundPage(page, errors);
});

test('the list keeps its drawn stay fields while their code is on its way: nothing below them jumps', async ({
  page,
}) => {
  // The fields' code late (a slow phone's network): the page hydrates around their server
  // markup, and a render of the page meanwhile (a refetch of the list, a keystroke) must not
  // swap that markup for nothing, which moved everything below up and back down.
  let release = () => {};
  const codeHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/stay-search-[^/]*\.js$/, async (route) => {
    await codeHeld;
    await route.continue();
  });
  // Where the fields' button and the filters below them are drawn, at every frame from the
  // server's markup on: positions, which the machine's load cannot move (a layout-shift score
  // can: under load the list's answer to the typed name lands later, and its filter chips
  // then count as a shift of their own).
  await page.addInitScript(() => {
    const seen = new Set<string>();
    let framesWithout = 0;
    const box = (name: string) => {
      const button = [...document.querySelectorAll('button')].find(
        (b) => b.textContent?.trim() === name,
      );
      if (!button) return undefined;
      const r = button.getBoundingClientRect();
      return `${r.x + scrollX},${r.y + scrollY},${r.width}x${r.height}`;
    };
    const frame = () => {
      const check = box('Check availability');
      const filter = box('Filter by star');
      if (check && filter) seen.add(`fields ${check} · filters ${filter}`);
      else if (seen.size > 0) framesWithout += 1;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    (window as unknown as { drawn: () => unknown }).drawn = () => ({
      positions: [...seen],
      framesWithout,
    });
  });
  await page.goto('/home');
  const check = page.getByRole('button', { name: 'Check availability' });
  await page
    .getByRole('searchbox', { name: 'Search hotels by name or destination' })
    .pressSequentially('te');
  for (let look = 0; look < 10; look++) {
    expect(await check.count(), `look ${look}, the fields' code held back`).toBe(1);
    await page.waitForTimeout(100);
  }
  const code = page.waitForResponse(/\/assets\/stay-search-[^/]*\.js$/);
  release();
  await code;
  await expect(check).toBeVisible();
  // A few frames drawn with the fields' own code.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  const drawn = await page.evaluate(() =>
    (window as unknown as { drawn: () => { positions: string[]; framesWithout: number } }).drawn(),
  );
  expect(drawn.framesWithout, 'frames without the fields or the filters').toBe(0);
  expect(drawn.positions, 'one place for the fields and the filters, every frame').toHaveLength(1);
});
