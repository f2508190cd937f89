import type { LightMyRequestResponse } from 'fastify';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogPath } from '../../lib/contract/catalog-url.ts';
import { findUserByName } from '../../server/accounts/users.ts';
import { addItems, cartSummary } from '../../server/cart/cart-store.ts';
import { chartPage, homePage, releasePage } from '../../server/catalog/detail-pages.ts';
import { listPageSize } from '../../server/web/components/track-list.tsx';
import { startTestStore, type TestStore } from '../helpers/store.ts';

let store: TestStore;
const window = new Window();

type Cookies = Record<string, string>;

interface Page {
  status: number;
  headers: LightMyRequestResponse['headers'];
  html: string;
  document: Document;
}

async function fetchPage(url: string, cookies: Cookies = {}): Promise<Page> {
  const response = await store.app.inject({ method: 'GET', url, cookies });
  const document = new window.DOMParser().parseFromString(response.body, 'text/html') as unknown as Document;
  return { status: response.statusCode, headers: response.headers, html: response.body, document };
}

function postForm(url: string, form: Record<string, string>, cookies: Cookies = {}) {
  return store.app.inject({
    method: 'POST',
    url,
    cookies,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

const one = async <T>(sql: string, ...params: (string | number)[]) =>
  (await store.ctx.db.get<T>(sql, ...params)) as T;
const hrefs = (document: Document, selector = 'a[href]') =>
  [...document.querySelectorAll(selector)].map((link) => link.getAttribute('href') as string);
const text = (document: Document, selector: string) => document.querySelector(selector)?.textContent?.trim();

/** Every track and release link is a canonical catalog URL of an item that exists. */
async function expectCatalogLinksValid(document: Document) {
  const links = hrefs(document).filter((href) => /^\/(track|release)\//.test(href));
  for (const href of links) {
    const item = parseCatalogPath(href);
    expect(item, href).not.toBeNull();
    const table = item?.type === 'track' ? 'tracks' : 'releases';
    const row = await store.ctx.db.get<{ slug: string }>(
      `SELECT slug FROM ${table} WHERE id = ?`,
      item?.id as number,
    );
    expect(row, href).toBeDefined();
    expect(href).toBe(`/${item?.type}/${row?.slug}/${item?.id}`);
  }
  return links;
}

const ids = async () => ({
  chart: await one<{ id: number; slug: string; n: number }>(
    `SELECT c.id, c.slug, count(*) AS n FROM charts c JOIN chart_tracks ct ON ct.chart_id = c.id
      GROUP BY c.id ORDER BY n DESC LIMIT 1`,
  ),
  genre: await one<{ id: number; slug: string }>(
    'SELECT g.id, g.slug FROM genres g JOIN tracks t ON t.genre_id = g.id GROUP BY g.id ORDER BY count(*) DESC',
  ),
  label: await one<{ id: number; slug: string }>(
    'SELECT l.id, l.slug FROM labels l JOIN tracks t ON t.label_id = l.id',
  ),
  artist: await one<{ id: number; slug: string }>(
    'SELECT a.id, a.slug FROM artists a JOIN track_artists ta ON ta.artist_id = a.id',
  ),
  release: await one<{ id: number; slug: string }>(
    'SELECT r.id, r.slug FROM releases r WHERE (SELECT count(*) FROM tracks t WHERE t.release_id = r.id) > 1',
  ),
  track: await one<{ id: number; slug: string }>('SELECT id, slug FROM tracks LIMIT 1'),
});

beforeAll(async () => {
  store = await startTestStore();
});
afterAll(async () => {
  await store?.close();
  await window.happyDOM.close();
});

describe('catalog pages', () => {
  it('serves every page type as HTML under a strict CSP, with valid track and release links', async () => {
    const { chart, genre, label, artist, release, track } = await ids();
    const urls = [
      '/',
      '/charts',
      `/chart/${chart.slug}/${chart.id}`,
      `/genre/${genre.slug}/${genre.id}`,
      `/label/${label.slug}/${label.id}`,
      `/artist/${artist.slug}/${artist.id}`,
      `/release/${release.slug}/${release.id}`,
      `/track/${track.slug}/${track.id}`,
    ];
    for (const url of urls) {
      const page = await fetchPage(url);
      expect(page.status, url).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.html.startsWith('<!doctype html>')).toBe(true);
      // No inline scripts: the only script is the bundled file.
      const scripts = [...page.document.querySelectorAll('script')];
      expect(scripts.map((script) => script.getAttribute('src'))).toEqual([
        expect.stringMatching(/^\/static\//),
      ]);
      expect(scripts.every((script) => script.textContent === '')).toBe(true);
      await expectCatalogLinksValid(page.document);
    }
  });

  it('every internal link on the home and chart pages leads to a page, without a redirect', async () => {
    const { chart } = await ids();
    const links = new Set<string>();
    for (const url of ['/', `/chart/${chart.slug}/${chart.id}`]) {
      for (const href of hrefs((await fetchPage(url)).document)) {
        if (href.startsWith('/') && !href.startsWith('/sign-in')) links.add(href);
      }
    }
    expect(links.size).toBeGreaterThan(50);
    for (const href of links) {
      const response = await store.app.inject({ method: 'GET', url: href });
      expect(response.statusCode, href).toBe(200);
    }
  });

  it('home shows the featured and new releases as tiles and the top tracks as rows', async () => {
    const data = await homePage(store.ctx);
    const { document } = await fetchPage('/');
    const tiles = hrefs(document, '.release-tile a.release-link');
    expect(tiles).toEqual(
      [...data.featuredReleases, ...data.newReleases].map(
        (release) => `/release/${release.slug}/${release.id}`,
      ),
    );
    expect(hrefs(document, '.track-row a.track-title')).toEqual(
      data.topTracks.map((track) => `/track/${track.slug}/${track.id}`),
    );
    expect(hrefs(document, 'a.chip')).toHaveLength(data.genres.length);
  });

  it('a long chart renders its first rows with ranks and offers the rest through the catalog API', async () => {
    const { chart } = await ids();
    expect(chart.n).toBeGreaterThan(listPageSize);
    const { document } = await fetchPage(`/chart/${chart.slug}/${chart.id}`);
    const rows = [...document.querySelectorAll('.track-row')];
    expect(rows).toHaveLength(listPageSize);
    const expected = await chartPage(store.ctx, chart.id, { offset: 0, limit: listPageSize });
    expect(rows.map((row) => Number(row.getAttribute('data-track-id')))).toEqual(
      expected?.tracks.map((track) => track.id),
    );
    expect(rows.map((row) => text(row as unknown as Document, '.track-position'))).toEqual(
      Array.from({ length: listPageSize }, (_, i) => String(i + 1)),
    );
    const list = document.querySelector('ol.track-list') as Element;
    expect(list.getAttribute('data-source-page')).toBe('chart');
    expect(list.getAttribute('data-source-id')).toBe(String(chart.id));
    expect(list.getAttribute('data-count')).toBe(String(chart.n));
    expect(text(document, 'button.load-more')).toBe('Load more');
    expect(text(document, '.list-status')).toBe(`Showing 50 of ${chart.n.toLocaleString('en-US')} tracks`);

    // The next page the client script asks for continues exactly after the rendered rows.
    const next = await store.app.inject({
      url: `/catalog/3/platform/chart?id=${chart.id}&page=2&perPage=${listPageSize}`,
    });
    const nextIds = next.json().results.tracks.map((track: { id: number }) => track.id);
    const whole = (await chartPage(store.ctx, chart.id))?.tracks.map((track) => track.id);
    expect(nextIds).toEqual(whole?.slice(listPageSize, 2 * listPageSize));
  });

  it('genre, label and artist pages have tabs that also work as plain URLs', async () => {
    const { genre, label, artist } = await ids();
    for (const [kind, item, tab] of [
      ['genre', genre, 'releases'],
      ['genre', genre, 'charts'],
      ['label', label, 'releases'],
      ['artist', artist, 'releases'],
    ] as const) {
      const base = `/${kind}/${item.slug}/${item.id}`;
      const first = (await fetchPage(base)).document;
      expect(first.querySelector('#panel-tracks')?.hasAttribute('hidden')).toBe(false);
      expect(first.querySelector(`#panel-${tab}`)?.hasAttribute('hidden')).toBe(true);
      expect(first.querySelector(`a[data-tab="${tab}"]`)?.getAttribute('href')).toBe(`${base}?tab=${tab}`);

      const opened = (await fetchPage(`${base}?tab=${tab}`)).document;
      expect(opened.querySelector('#panel-tracks')?.hasAttribute('hidden')).toBe(true);
      expect(opened.querySelector(`#panel-${tab}`)?.hasAttribute('hidden')).toBe(false);
      expect(opened.querySelector(`a[data-tab="${tab}"]`)?.getAttribute('aria-selected')).toBe('true');
    }
  });

  it('a release page shows the release prominently and its tracks in order', async () => {
    const { release } = await ids();
    const data = await releasePage(store.ctx, release.id);
    const { document } = await fetchPage(`/release/${release.slug}/${release.id}`);
    expect(text(document, 'h1')).toBe(data?.release.name);
    expect(document.querySelector('h1 a')?.getAttribute('href')).toBe(
      `/release/${release.slug}/${release.id}`,
    );
    expect(text(document, '.hero .facts')).toContain(data?.release.catalogNumber);
    expect(hrefs(document, '.track-row a.track-title')).toEqual(
      data?.tracks.map((track) => `/track/${track.slug}/${track.id}`),
    );
  });

  it('a track page shows the track, its facts and its release', async () => {
    const { track } = await ids();
    const row = await one<{ name: string; mix_name: string; bpm: number; key: string; release_id: number }>(
      'SELECT name, mix_name, bpm, key, release_id FROM tracks WHERE id = ?',
      track.id,
    );
    const { document } = await fetchPage(`/track/${track.slug}/${track.id}`);
    expect(text(document, 'h1')).toBe(`${row.name} ${row.mix_name}`);
    expect(document.querySelector('h1 a')?.getAttribute('href')).toBe(`/track/${track.slug}/${track.id}`);
    const facts = text(document, '.hero .facts');
    expect(facts).toContain(String(row.bpm));
    expect(facts).toContain(row.key);
    expect(hrefs(document, '.release-tile a.release-link')).toEqual([
      expect.stringMatching(new RegExp(`^/release/[^/]+/${row.release_id}$`)),
    ]);
    expect(document.querySelector('.track-row.current')?.getAttribute('data-track-id')).toBe(
      String(track.id),
    );
  });

  it("marks every sold price with its amount in every format and its currency, for the extension's buttons", async () => {
    const { release } = await ids();
    const data = await releasePage(store.ctx, release.id);
    if (!data) throw new Error('The release page has no data.');
    const { document } = await fetchPage(`/release/${release.slug}/${release.id}`);
    const usd = (value: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: data.release.price.currency }).format(
        value,
      );
    const withFee = (price: number, fee: number) => String(Math.round((price + fee) * 100) / 100);
    const hero = document.querySelector('.hero .price');
    expect(hero?.getAttribute('data-currency')).toBe(data.release.price.currency);
    expect(hero?.getAttribute('data-price-mp3')).toBe(String(data.release.price.value));
    expect(hero?.getAttribute('data-price-wav')).toBe(
      withFee(data.release.price.value, data.release.audioFormatFee.wav.value),
    );
    expect(hero?.getAttribute('data-price-aiff')).toBe(
      withFee(data.release.price.value, data.release.audioFormatFee.aiff.value),
    );
    for (const track of data.tracks) {
      const price = document.querySelector(`.track-row[data-track-id="${track.id}"] .price`);
      if (track.saleType === 'promotion') {
        expect(price?.hasAttribute('data-price-wav')).toBe(false);
        expect(price?.hasAttribute('data-currency')).toBe(false);
        continue;
      }
      expect(price?.textContent).toBe(usd(track.price.value));
      expect(price?.getAttribute('data-price-mp3')).toBe(String(track.price.value));
      expect(price?.getAttribute('data-price-wav')).toBe(
        withFee(track.price.value, track.audioFormatFee.wav.value),
      );
    }
  });

  it('promotional tracks are marked Free', async () => {
    const promo = await one<{ id: number; slug: string }>(
      "SELECT id, slug FROM tracks WHERE sale_type = 'promotion'",
    );
    const { document } = await fetchPage(`/track/${promo.slug}/${promo.id}`);
    expect(text(document, '.hero .price')).toBe('Free');
    const release = await one<{ id: number; slug: string }>(
      'SELECT r.id, r.slug FROM releases r JOIN tracks t ON t.release_id = r.id WHERE t.id = ?',
      promo.id,
    );
    const releaseDoc = (await fetchPage(`/release/${release.slug}/${release.id}`)).document;
    expect(text(releaseDoc, `.track-row[data-track-id="${promo.id}"] .price`)).toBe('Free');
  });

  it('escapes names: ampersands, quotes, accents and markup stay text', async () => {
    const { track } = await ids();
    const hostile = `Rock & Roll's "Café" <script>alert(1)</script>`;
    const original = (await one<{ name: string }>('SELECT name FROM tracks WHERE id = ?', track.id)).name;
    await store.ctx.db.run('UPDATE tracks SET name = ? WHERE id = ?', hostile, track.id);
    try {
      const { html, document } = await fetchPage(`/track/${track.slug}/${track.id}`);
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain('Rock &amp; Roll');
      expect(text(document, 'h1')).toContain(hostile);
    } finally {
      await store.ctx.db.run('UPDATE tracks SET name = ? WHERE id = ?', original, track.id);
    }
  });
});

describe('not found and canonical URLs', () => {
  it.each([
    '/track/x/abc',
    '/track/x/0',
    '/track/x/007',
    '/track/x/-3',
    '/track/x/99999999',
    '/release/x/99999999',
    '/chart/x/1.5',
    '/genre/x/99999',
    '/track/only-a-slug',
    '/no/such/page',
    '/static/site.nope.js',
  ])('%s is an HTML 404 page', async (url) => {
    const page = await fetchPage(url);
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(text(page.document, 'h1')).toBe('Page not found');
    expect(page.document.querySelector('link[rel="stylesheet"]')).not.toBeNull();
  });

  it('shows who is signed in on 404 pages too', async () => {
    const cookies = await signIn('demo', 'demo');
    for (const url of ['/no/such/page', '/track/x/99999999']) {
      const page = await fetchPage(url, cookies);
      expect(page.status).toBe(404);
      expect(text(page.document, '.username')).toBe('demo');
    }
  });

  it('API paths keep their JSON 404', async () => {
    const response = await store.app.inject({ url: '/catalog/3/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().metadata.error).toBe('notFound');
  });

  it('a wrong slug with a right id redirects to the canonical URL, keeping the query', async () => {
    const { track, genre } = await ids();
    const response = await store.app.inject({ url: `/track/not-the-slug/${track.id}?ref=x%20y` });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`/track/${track.slug}/${track.id}?ref=x%20y`);
    const tab = await store.app.inject({ url: `/genre/old/${genre.id}?tab=releases` });
    expect(tab.headers.location).toBe(`/genre/${genre.slug}/${genre.id}?tab=releases`);
  });

  it('serves the stylesheet and script with long caching', async () => {
    const { document } = await fetchPage('/');
    for (const url of [
      document.querySelector('link[rel="stylesheet"]')?.getAttribute('href'),
      document.querySelector('script')?.getAttribute('src'),
    ]) {
      const response = await store.app.inject({ url: url as string });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toContain('immutable');
      expect(response.body.length).toBeGreaterThan(1000);
    }
  });
});

/** Signs in through the site's form and returns the session cookie. */
async function signIn(username: string, password: string): Promise<Cookies> {
  const form = await store.app.inject({ url: '/sign-in?return=%2Fcart' });
  const csrfCookie = form.cookies.find((cookie) => cookie.name === 'crate_csrf')?.value as string;
  const document = new window.DOMParser().parseFromString(form.body, 'text/html');
  const csrf = document.querySelector('input[name="csrf"]')?.getAttribute('value') as string;
  const response = await postForm(
    '/sign-in',
    { username, password, csrf, return: '/cart' },
    { crate_csrf: csrfCookie },
  );
  expect(response.statusCode).toBe(303);
  const session = response.cookies.find((cookie) => cookie.name === 'crate_session');
  return { crate_session: session?.value as string };
}

const csrfOf = async (cookies: Cookies) =>
  (await fetchPage('/', cookies)).document
    .querySelector('form[action="/sign-out"] input[name="csrf"]')
    ?.getAttribute('value') as string;

describe('sign-in and sign-out', () => {
  it('signs in with the account password and sets a strict session cookie', async () => {
    const form = await store.app.inject({ url: '/sign-in?return=%2Fcart' });
    expect(form.statusCode).toBe(200);
    const csrfCookie = form.cookies.find((cookie) => cookie.name === 'crate_csrf');
    expect(csrfCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)?.[1] as string;

    const wrong = await postForm(
      '/sign-in',
      { username: 'demo', password: 'nope', csrf, return: '/cart' },
      { crate_csrf: csrfCookie?.value as string },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Wrong username or password.');
    expect(wrong.cookies.find((cookie) => cookie.name === 'crate_session')).toBeUndefined();

    const right = await postForm(
      '/sign-in',
      { username: 'demo', password: 'demo', csrf, return: '/cart' },
      { crate_csrf: csrfCookie?.value as string },
    );
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/cart');
    const session = right.cookies.find((cookie) => cookie.name === 'crate_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash of the id is stored.
    expect(
      await store.ctx.db.get('SELECT 1 FROM web_sessions WHERE id = ?', session?.value as string),
    ).toBeUndefined();

    const home = await fetchPage('/', { crate_session: session?.value as string });
    expect(text(home.document, '.username')).toBe('demo');
    expect(home.document.querySelector('form[action="/sign-out"] button')?.textContent).toBe('Sign out');
  });

  it('holds up an account after ten wrong passwords from one address, with 429 and Retry-After', async () => {
    const form = await store.app.inject({ url: '/sign-in' });
    const csrf = form.cookies.find((cookie) => cookie.name === 'crate_csrf')?.value as string;
    const signInFrom = (remoteAddress: string, password: string) =>
      store.app.inject({
        method: 'POST',
        url: '/sign-in',
        remoteAddress,
        cookies: { crate_csrf: csrf },
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: 'dj2', password, csrf }).toString(),
      });
    for (let i = 0; i < 10; i++)
      expect((await signInFrom('198.51.100.20', `guess ${i}`)).statusCode).toBe(401);
    const held = await signInFrom('198.51.100.20', 'dj2');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(held.body).toContain('Too many attempts to sign in. Try again in 15 minutes.');
    expect(held.cookies.find((cookie) => cookie.name === 'crate_session')).toBeUndefined();
    // The same account from another address signs in.
    expect((await signInFrom('198.51.100.21', 'dj2')).statusCode).toBe(303);
  });

  it('refuses a sign-in form without the matching CSRF cookie', async () => {
    const form = await store.app.inject({ url: '/sign-in' });
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)?.[1] as string;
    const response = await postForm('/sign-in', { username: 'demo', password: 'demo', csrf });
    expect(response.statusCode).toBe(403);
    expect(response.cookies.find((cookie) => cookie.name === 'crate_session')).toBeUndefined();
  });

  it.each([
    ['//evil.example/x', '/'],
    ['https://evil.example/', '/'],
    ['/\\evil.example', '/'],
    // Issue 12: an encoded slash falls back too (a proxy or server that decodes it again makes it //host).
    ['/%2F%2Fevil.example', '/'],
    ['/charts?x=1', '/charts?x=1'],
  ])('return path %s redirects to %s', async (returnPath, location) => {
    const form = await store.app.inject({ url: '/sign-in' });
    const csrfCookie = form.cookies.find((cookie) => cookie.name === 'crate_csrf')?.value as string;
    const response = await postForm(
      '/sign-in',
      { username: 'dj2', password: 'dj2', csrf: csrfCookie, return: returnPath },
      { crate_csrf: csrfCookie },
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(location);
  });

  it('signs out only with the session CSRF token', async () => {
    const cookies = await signIn('dj2', 'dj2');
    const refused = await postForm('/sign-out', { csrf: 'forged' }, cookies);
    expect(refused.statusCode).toBe(403);
    expect(text((await fetchPage('/', cookies)).document, '.username')).toBe('dj2');

    const done = await postForm('/sign-out', { csrf: await csrfOf(cookies) }, cookies);
    expect(done.statusCode).toBe(303);
    expect(done.cookies.find((cookie) => cookie.name === 'crate_session')?.value).toBe('');
    const after = await fetchPage('/', cookies);
    expect(after.document.querySelector('.username')).toBeNull();
    expect(hrefs(after.document, 'a.account')).toEqual(['/sign-in?return=%2F']);
  });
});

describe('cart and checkout', () => {
  it('asks a visitor to sign in and come back to the cart', async () => {
    const { status, document } = await fetchPage('/cart');
    expect(status).toBe(200);
    expect(hrefs(document, 'main a')).toContain('/sign-in?return=%2Fcart');
  });

  it('shows the carts with formats and totals, and checks out into the download library', async () => {
    const user = (await findUserByName(store.ctx.db, 'dj2')) as { id: number };
    const cookies = await signIn('dj2', 'dj2');
    const { release } = await ids();
    const tracks = await store.ctx.db.all<{ id: number; slug: string }>(
      `SELECT id, slug FROM tracks WHERE sale_type = 'purchase' AND release_id != ? ORDER BY id LIMIT 2`,
      release.id,
    );
    await addItems(
      store.ctx,
      user.id,
      'default',
      [
        { id: tracks[0]?.id as number, type: 'track', audioFormat: 'wav' },
        { id: release.id, type: 'release', audioFormat: 'mp3' },
      ],
      false,
    );
    await addItems(
      store.ctx,
      user.id,
      'Friday set',
      [{ id: tracks[1]?.id as number, type: 'track', audioFormat: 'aiff' }],
      false,
    );

    const page = await fetchPage('/cart', cookies);
    const carts = [...page.document.querySelectorAll('section.cart')];
    expect(carts.map((cart) => cart.getAttribute('data-cart-name')).sort()).toEqual([
      'Friday set',
      'default',
    ]);
    const defaultCart = page.document.querySelector('section.cart[data-cart-name="default"]') as Element;
    expect([...defaultCart.querySelectorAll('.format')].map((format) => format.textContent)).toEqual([
      'WAV',
      'MP3',
    ]);
    expect(hrefs(defaultCart as unknown as Document, '.cart-item a.track-title')).toEqual([
      `/track/${tracks[0]?.slug}/${tracks[0]?.id}`,
      `/release/${release.slug}/${release.id}`,
    ]);
    const summary = await cartSummary(store.ctx, user.id, 'default');
    expect(defaultCart.querySelector('.total strong')?.textContent).toBe(
      `$${summary.total.value.toFixed(2)}`,
    );

    // Without the session's CSRF token nothing is bought.
    const checkoutForm = defaultCart.querySelector('form.checkout') as Element;
    expect(checkoutForm.getAttribute('action')).toBe('/checkout');
    expect(checkoutForm.getAttribute('method')).toBe('post');
    expect(checkoutForm.querySelector('input[name="cart"]')?.getAttribute('value')).toBe('default');
    const csrf = checkoutForm.querySelector('input[name="csrf"]')?.getAttribute('value') as string;
    const forged = await postForm('/checkout', { csrf: 'forged', cart: 'default' }, cookies);
    expect(forged.statusCode).toBe(403);
    expect((await cartSummary(store.ctx, user.id, 'default')).counts.items).toBe(2);

    const bought = await postForm('/checkout', { csrf, cart: 'default' }, cookies);
    expect(bought.statusCode).toBe(303);
    const location = bought.headers.location as string;
    expect(location).toMatch(/^\/cart\?order=\d+$/);
    expect((await cartSummary(store.ctx, user.id, 'default')).counts.items).toBe(0);

    const releaseTrackIds = (await releasePage(store.ctx, release.id))?.release.trackIds ?? [];
    const owned = (
      await store.ctx.db.all<{ track_id: number; audio_format: string }>(
        'SELECT track_id, audio_format FROM downloads WHERE user_id = ? ORDER BY track_id',
        user.id,
      )
    ).map((row) => `${row.track_id}:${row.audio_format}`);
    expect(owned.sort()).toEqual(
      [`${tracks[0]?.id}:wav`, ...releaseTrackIds.map((id) => `${id}:mp3`)].sort(),
    );

    const confirmation = await fetchPage(location, cookies);
    expect(text(confirmation.document, '.notice-success')).toContain(`Order #${location.split('=')[1]}`);
    expect(
      hrefs(confirmation.document, '.confirmation a.track-title').map((href) => parseCatalogPath(href)?.id),
    ).toEqual([tracks[0]?.id, ...releaseTrackIds]);
    expect(
      [...confirmation.document.querySelectorAll('.confirmation .format')].map(
        (format) => format.textContent,
      ),
    ).toEqual(['WAV', ...releaseTrackIds.map(() => 'MP3')]);
    // The named cart is still there, untouched.
    expect(confirmation.document.querySelector('section.cart[data-cart-name="Friday set"]')).not.toBeNull();

    // Checking out the now empty cart again buys nothing and says why.
    const again = await postForm('/checkout', { csrf, cart: 'default' }, cookies);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('is empty');

    // Another user cannot see the order's confirmation.
    const other = await signIn('demo', 'demo');
    const theirs = await fetchPage(location, other);
    expect(theirs.document.querySelector('.confirmation')).toBeNull();
  });

  it('sends a signed-out checkout to the sign-in page', async () => {
    const response = await postForm('/checkout', { csrf: 'x', cart: 'default' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/sign-in?return=%2Fcart');
  });
});
