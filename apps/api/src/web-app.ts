import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { escapeHtml } from './lib/html.ts';
import { type ReadyBody, readyBody, sendReady } from './lib/http.ts';
import { keptAddress, pathOf } from './lib/kept-address.ts';
import { type KeptPart, keptPart, splicedBody } from './lib/spliced-body.ts';

/** The web app's server render (apps/web/src/entry-server.tsx), as its build exports it. */
interface WebRenderer {
  SERVER_STATE_ID: string;
  setApiTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void;
  /** Loads what every render needs (the screens' code): done before the first request. */
  prepare(): Promise<void>;
  /** Forgets the markup renders keep for the next ones (some is drawn from the catalogue). */
  forgetKeptMarkup(): void;
  /** The query parameters the page at a path reads (none for a screen left to the browser). */
  pageParams(pathname: string): readonly string[];
  /** `live`: the page moves with bookings, so it is rendered at every visit, never kept. */
  render(url: string): Promise<{
    html: string;
    state: string;
    modules: string[];
    title?: string;
    live: boolean;
  } | null>;
}

/** The build's manifest (`dist/.vite/manifest.json`): each module's file, imports and styles. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
/** The shell's stylesheet links, as Vite writes them into index.html. */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>/g;

/**
 * The web app: its built assets (the build's .br and .gz copies, chosen by Accept-Encoding), and
 * index.html for every other non-API GET. The public screens (`/`, `/home`, `/hotel/:id`) come
 * rendered, with the data they were rendered with, when the build has its server render
 * (`dist-server`, beside `dist`), and are kept until the catalogue changes (a page showing what
 * moves with bookings, such as a hotel search with a stay, is rendered at every visit); any other screen,
 * or a render that cannot be made, gets the bare shell the browser renders.
 */
export async function webApp(app: FastifyInstance, { distDir }: { distDir: string }) {
  const root = path.resolve(distDir);
  const shell = readFileSync(path.join(root, 'index.html'), 'utf8');
  const renderer = await loadRenderer(app, path.join(root, '..', 'dist-server', 'entry-server.js'));
  const stateId = renderer?.SERVER_STATE_ID;
  // Markup a render keeps may be drawn from the catalogue: forgotten with the pages at each change.
  if (renderer) app.catalogue.forgetWithRenderedPages(() => renderer.forgetKeptMarkup());
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  // A rendered page carries its styles in its head instead of linking them: drawn without
  // waiting for another request (on a phone network, a round trip or two before the first
  // paint). The shell, sent for every other screen, links them and lets the browser cache them.
  const shellStyles = [...shell.matchAll(STYLESHEET_LINK)].map(([, file]) => file as string);
  const renderedShell = shell.replace(STYLESHEET_LINK, '');
  // The rendered page around its title, its styles and its markup (the shell has them in this
  // order): the title and what follows the styles change with each page, the styles with the
  // screen only.
  const canCarryRender = renderedShell.includes(ROOT_ELEMENT);
  const [beforeRoot = '', afterRoot = ''] = renderedShell.split(ROOT_ELEMENT);
  const headEnd = beforeRoot.lastIndexOf('</head>');
  const title = TITLE.exec(beforeRoot);
  const beforeTitle = title ? beforeRoot.slice(0, title.index) : beforeRoot.slice(0, headEnd);
  const afterTitle = title ? beforeRoot.slice(title.index + title[0].length, headEnd) : '';
  const bodyStart = beforeRoot.slice(headEnd);
  const styleText = new Map<string, string>();
  for (const file of [...shellStyles, ...Object.values(manifest).flatMap((c) => c.css ?? [])]) {
    const onDisk = path.join(root, file);
    const css = existsSync(onDisk) ? readFileSync(onDisk, 'utf8') : '';
    // A stylesheet that could close its element, or is not there, stays linked.
    if (css && !/<\/style/i.test(css)) styleText.set(file, css);
  }
  const styleElement = (file: string) => {
    const css = styleText.get(file);
    return css === undefined
      ? `<link rel="stylesheet" crossorigin href="/${file}">`
      : `<style data-href="/${file}">${css}</style>`;
  };

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });

  const shellBody = readyBody(shell);

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/uploads/')) {
      return reply.callNotFound();
    }
    // Every start may ship new assets: the page is revalidated on each visit (its ETag).
    reply.header('cache-control', 'no-cache');
    // The page is rendered for its address with only the parameters its screen reads, and kept
    // so: an address with parameters of a visitor's own gets the same page (byte for byte).
    // One whose parameters cannot be told apart so (escaped names) gets the shell, not kept.
    const params = renderer ? renderer.pageParams(pathOf(request.url)) : [];
    const address = keptAddress(request.url, params);
    const rendered =
      renderer && address !== undefined ? await renderedPage(renderer, address, request.log) : null;
    // The same for every visitor until the catalogue changes, unless it shows what moves with
    // bookings (then rendered at every visit) or its render failed (then tried at the next).
    return sendReady(request, reply, rendered?.page ?? shellBody, {
      type: 'text/html; charset=utf-8',
      shared: rendered ? rendered.kept : renderer === null,
      params,
    });
  });

  /**
   * The page the server renders for `url`, kept until the catalogue changes (then dropped in
   * every process, with the read caches it was rendered from): a warm hotel page goes out in a
   * millisecond instead of being rendered. `page` is null when the browser renders the screen;
   * `kept`: the page is kept (it is not live).
   */
  const livePages = new WeakSet<ReadyBody>();
  async function renderedPage(
    renderer: WebRenderer,
    url: string,
    log: FastifyBaseLogger,
  ): Promise<{ page: ReadyBody | null; kept: boolean } | null> {
    const render = async () => {
      if (!canCarryRender) return null;
      const rendered = await renderer.render(url);
      if (!rendered) return null;
      const page = pageOf(rendered);
      if (rendered.live) livePages.add(page);
      return page;
    };
    // A hotel search with a stay: bookings, which drop no kept page, change what it shows.
    // (Told by the page, not by this call's render: concurrent visits share one render.)
    const kept = (page: ReadyBody | null) => !(page && livePages.has(page));
    try {
      const page = await app.catalogue.renderedPages.get(url, render, kept);
      return { page, kept: kept(page) };
    } catch (error) {
      // Not kept: the next visit renders again. The browser can render the page itself.
      log.error({ err: error, url }, 'server render failed; sent the app shell');
      return null;
    }
  }

  /**
   * The styles a rendered page needs: the shell's, then those of the lazy screens it shows (their
   * code follows the first load, fetched when hydration needs it), each once. The same for every
   * page of a screen: made and compressed once.
   */
  const keptStyles = new Map<string, KeptPart>();
  function pageStyles(modules: string[]): KeptPart {
    const key = modules.join('\n');
    let styles = keptStyles.get(key);
    if (!styles) {
      styles = keptPart(stylesOf(modules));
      keptStyles.set(key, styles);
    }
    return styles;
  }

  function stylesOf(modules: string[]): string {
    const css = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      for (const file of chunk.css ?? []) css.add(file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const module of modules) {
      if (!manifest[module]) throw new Error(`${module} is not in the build's manifest`);
      visit(module);
    }
    return [...new Set([...shellStyles, ...css])].map(styleElement).join('');
  }

  /** The page of a render: the shell around its title, the screen's styles and its markup. */
  function pageOf(rendered: NonNullable<Awaited<ReturnType<WebRenderer['render']>>>): ReadyBody {
    // React puts the preloads it found (the first picture) before the markup: the head's,
    // ahead of the styles so that the browser starts on the picture first.
    const hints = /^(?:<link [^>]*\/>)*/.exec(rendered.html)?.[0] ?? '';
    const markup = rendered.html.slice(hints.length);
    const pageTitle =
      title && rendered.title ? `<title>${escapeHtml(rendered.title)}</title>` : (title?.[0] ?? '');
    return splicedBody([
      `${beforeTitle}${pageTitle}${afterTitle}${hints}`,
      pageStyles(rendered.modules),
      `${bodyStart}<div id="root">${markup}</div><script type="application/json" id="${stateId}">${rendered.state}</script>${afterRoot}`,
    ]);
  }
}

/**
 * Loads the server render, its API reads answered in-process as a visitor's (no cookies): what
 * it renders is public and the same for everyone.
 */
async function loadRenderer(app: FastifyInstance, entry: string): Promise<WebRenderer | null> {
  if (!existsSync(entry)) return null;
  const renderer = (await import(pathToFileURL(entry).href)) as WebRenderer;
  // Every render made whole from the first request on.
  await renderer.prepare();
  renderer.setApiTransport(async (url, init) => {
    if ((init.method ?? 'GET') !== 'GET') throw new Error('The server render only reads');
    // An answer kept whole is read as it is: no trip through the routing.
    const kept = app.keptAnswers.read(url);
    if (kept) {
      const headers = new Headers();
      for (let i = 0; i < kept.headers.length; i += 2) {
        headers.append(kept.headers[i] as string, kept.headers[i + 1] as string);
      }
      return new Response(kept.body, { status: 200, headers });
    }
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json' },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (typeof value === 'string' || typeof value === 'number') headers.set(name, String(value));
    }
    return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers,
    });
  });
  return renderer;
}
