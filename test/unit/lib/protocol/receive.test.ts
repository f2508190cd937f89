import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { channel } from '../../../../lib/protocol/envelope.ts';
import { type Handlers, routeMessage } from '../../../../lib/protocol/receive.ts';
import type { SenderExpectations } from '../../../../lib/protocol/sender-role.ts';

const extensionId = 'jlapbbmpodlhbnfagmiimaciidliffgp';
const base = `chrome-extension://${extensionId}/`;
const store = 'http://127.0.0.1:8813';
const expectations: SenderExpectations = { extensionId, extensionBaseUrl: base, storeUrl: store };

type Sender = Browser.runtime.MessageSender;
const tab = (url: string, id = 7) => ({ id, url, index: 0 }) as Browser.tabs.Tab;

const popup: Sender = { id: extensionId, url: `${base}popup.html`, origin: base.slice(0, -1) };
const optionsTab: Sender = {
  id: extensionId,
  url: `${base}options.html`,
  tab: tab(`${base}options.html`),
  frameId: 0,
};
const storePage: Sender = {
  id: extensionId,
  url: `${store}/track/strobe/42`,
  origin: store,
  tab: tab(`${store}/track/strobe/42`),
  frameId: 0,
};

const summary = {
  name: 'default',
  counts: { items: 1, tracks: 1, releases: 0 },
  total: { value: 1.49, currency: 'USD' },
};
const addPayload = { items: [{ id: 42, type: 'track', audioFormat: 'wav' }] };
const message = (kind: string, payload: unknown = {}) => ({ channel, kind, payload });

const idleQueue = { status: 'idle' as const, total: 0, done: 0, failed: [], active: [] };
let handlers: Handlers;
beforeEach(() => {
  const state = { signedIn: false, username: null, storeUrl: store, storeProblem: null, notice: null };
  const change = { warnings: [], cart: summary };
  handlers = {
    getAuthState: vi.fn(async () => state),
    signIn: vi.fn(async () => state),
    checkStore: vi.fn(async () => ({})),
    signOut: vi.fn(async () => state),
    viewCart: vi.fn(async () => ({ cart: { ...summary, items: [] }, audioFormats: [] })),
    addToCart: vi.fn(async () => ({ added: [], warnings: [], cart: summary })),
    addChecked: vi.fn(async () => ({
      outcome: 'added' as const,
      result: { added: [], warnings: [], cart: summary },
    })),
    setItemFormats: vi.fn(async () => change),
    setCartFormat: vi.fn(async () => change),
    removeFromCart: vi.fn(async () => change),
    emptyCart: vi.fn(async () => change),
    cartShown: vi.fn(async () => ({})),
    setCurrentCart: vi.fn(async () => ({ current: 'default', names: ['default'] })),
    catalogFacts: vi.fn(async () => []),
    releaseTracks: vi.fn(async () => []),
    trackAnalyses: vi.fn(async () => []),
    trackWaveform: vi.fn(async () => ({ columnsPerSecond: 150 as const, columns: 0, data: '' })),
    stickAudioLink: vi.fn(async () => ({ url: `${store}/downloads/file/1` })),
    library: vi.fn(async () => ({ results: [], paging: { page: 1, perPage: 25, count: 0, totalPages: 0 } })),
    purchasedCrates: vi.fn(async () => []),
    initiateDownloads: vi.fn(async () => []),
    filenameSample: vi.fn(async () => null),
    artists: vi.fn(async () => ({
      results: [],
      paging: { page: 1, perPage: 25, count: 0, totalPages: 0 },
      genres: [],
    })),
    purchasesChanged: vi.fn(async () => ({})),
    promoDownload: vi.fn(async () => ({
      downloadId: 1,
      url: `${store}/d/1`,
      filename: 'a.mp3',
      expiresAt: '',
    })),
    downloadAllAvailable: vi.fn(async () => idleQueue),
    bulkDownloadProgress: vi.fn(async () => idleQueue),
    bulkDownloadControl: vi.fn(async () => idleQueue),
    savedFiles: vi.fn(async () => []),
    onThisComputer: vi.fn(async () => ({ downloadIds: [] })),
    lookForNewPurchases: vi.fn(async () => ({ queued: 0 })),
    follow: vi.fn(async () => ({ artists: [], labels: [] })),
    unfollow: vi.fn(async () => ({ artists: [], labels: [] })),
    newForYou: vi.fn(async () => ({
      releases: [],
      refreshedAt: null,
      following: { artists: 0, labels: 0 },
      problem: null,
    })),
    markAllSeen: vi.fn(async () => ({
      releases: [],
      refreshedAt: null,
      following: { artists: 0, labels: 0 },
      problem: null,
    })),
    importCrate: vi.fn(async () => ({ imported: false as const, problem: { code: 'empty' as const } })),
    matchTracklist: vi.fn(async () => []),
  };
});

const route = (msg: unknown, sender: Sender) => routeMessage(msg, sender, async () => expectations, handlers);
const noHandlerRan = () => {
  for (const handler of Object.values(handlers)) expect(handler).not.toHaveBeenCalled();
};

describe('accepted messages', () => {
  it('answers the popup', async () => {
    expect(await route(message('getAuthState'), popup)).toMatchObject({
      ok: true,
      value: { signedIn: false },
    });
  });

  it('answers the options page in its tab', async () => {
    expect(await route(message('viewCart'), optionsTab)).toEqual({
      ok: true,
      value: { cart: { ...summary, items: [] }, audioFormats: [] },
    });
    const check = message('checkStore', { storeUrl: 'https://store.example' });
    expect(await route(check, optionsTab)).toEqual({ ok: true, value: {} });
  });

  it('answers the content script on the store for the calls it may make', async () => {
    expect(await route(message('addToCart', addPayload), storePage)).toMatchObject({ ok: true });
    expect(handlers.addToCart).toHaveBeenCalledWith(addPayload);
    const checked = { item: { id: 42, type: 'track', audioFormat: 'wav' }, choice: 'missingOnly' };
    expect(await route(message('addChecked', checked), storePage)).toMatchObject({ ok: true });
    expect(handlers.addChecked).toHaveBeenCalledWith(checked);
    // A signed-out person's click on an add button starts sign-in; a free track downloads.
    expect(await route(message('signIn'), storePage)).toMatchObject({ ok: true });
    expect(await route(message('promoDownload', { trackId: 42 }), storePage)).toMatchObject({ ok: true });
    // The order confirmation page asks for the new purchases.
    expect(await route(message('purchasesChanged', { orderId: 7 }), storePage)).toMatchObject({ ok: true });
    // A store tab shown asks for the cart to be checked.
    expect(await route(message('cartShown'), storePage)).toMatchObject({ ok: true });
    expect(handlers.cartShown).toHaveBeenCalledOnce();
  });

  it('turns a handler failure into an error reply', async () => {
    handlers.viewCart = async () => {
      throw new (await import('../../../../lib/protocol/store-error.ts')).StoreError({
        kind: 'signedOut',
        message: 'Sign in.',
      });
    };
    expect(await route(message('viewCart'), popup)).toEqual({
      ok: false,
      error: { kind: 'signedOut', message: 'Sign in.' },
    });
  });

  it('ignores messages that are not ours', async () => {
    expect(await route({ type: 'something-else' }, popup)).toBeUndefined();
    noHandlerRan();
  });
});

describe('refused senders and payloads', () => {
  const forged: [string, unknown, Sender][] = [
    ['another extension', message('getAuthState'), { ...popup, id: 'abcdefghijklmnopabcdefghijklmnop' }],
    ['no extension id', message('getAuthState'), { url: popup.url }],
    [
      'a page of another extension',
      message('getAuthState'),
      { id: extensionId, url: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/popup.html' },
    ],
    [
      'a look-alike extension URL',
      message('signIn'),
      { id: extensionId, url: `${base.slice(0, -1)}x/popup.html` },
    ],
    [
      'an origin that disagrees with the URL',
      message('signOut'),
      { ...popup, origin: 'https://evil.example' },
    ],
    ['the store page asking to sign out', message('signOut'), storePage],
    ['the store page reading the download library', message('library'), storePage],
    [
      'the store page reading the newest purchase for a file name sample',
      message('filenameSample'),
      storePage,
    ],
    ['the store page asking for the auth state', message('getAuthState'), storePage],
    ['the store page emptying the cart', message('emptyCart'), storePage],
    [
      'the store page making the background fetch a URL',
      message('checkStore', { storeUrl: 'https://evil.example' }),
      storePage,
    ],
    [
      'another website',
      message('addToCart', addPayload),
      {
        ...storePage,
        url: 'https://evil.example/track/x/42',
        origin: 'https://evil.example',
        tab: tab('https://evil.example/'),
      },
    ],
    [
      'the store on another port',
      message('addToCart', addPayload),
      {
        ...storePage,
        url: 'http://127.0.0.1:9999/track/x/42',
        origin: 'http://127.0.0.1:9999',
        tab: tab('http://127.0.0.1:9999/'),
      },
    ],
    [
      'the store over https instead of http',
      message('addToCart', addPayload),
      { ...storePage, url: 'https://127.0.0.1:8813/', origin: 'https://127.0.0.1:8813' },
    ],
    ['an iframe on the store', message('addToCart', addPayload), { ...storePage, frameId: 3 }],
    [
      'another website announcing purchases',
      message('purchasesChanged', { orderId: 7 }),
      {
        ...storePage,
        url: 'https://evil.example/cart?order=7',
        origin: 'https://evil.example',
        tab: tab('https://evil.example/'),
      },
    ],
    [
      'a checked add from another website',
      message('addChecked', { item: { id: 42, type: 'track', audioFormat: 'wav' } }),
      {
        ...storePage,
        url: 'https://evil.example/',
        origin: 'https://evil.example',
        tab: tab('https://evil.example/'),
      },
    ],
    ['purchases without an order', message('purchasesChanged', {}), storePage],
    ['a cart check with a payload', message('cartShown', { name: 'other' }), storePage],
    [
      'another website asking for a cart check',
      message('cartShown'),
      {
        ...storePage,
        url: 'https://evil.example/',
        origin: 'https://evil.example',
        tab: tab('https://evil.example/'),
      },
    ],
    [
      'a checked add with a choice the protocol does not know',
      message('addChecked', { item: { id: 42, type: 'track', audioFormat: 'wav' }, choice: 'payTwice' }),
      storePage,
    ],
    [
      'the store in an iframe of another site',
      message('addToCart', addPayload),
      { ...storePage, tab: tab('https://evil.example/') },
    ],
    ['a content script without a tab', message('addToCart', addPayload), { ...storePage, tab: undefined }],
    [
      'a content script without a frame id',
      message('addToCart', addPayload),
      { ...storePage, frameId: undefined },
    ],
    [
      'a store page claiming an extension origin',
      message('addToCart', addPayload),
      { ...storePage, origin: base.slice(0, -1) },
    ],
    ['an extension page inside a web page frame', message('signIn'), { ...optionsTab, frameId: 2 }],
    [
      'an extension page in a tab that shows a website',
      message('signIn'),
      { ...optionsTab, tab: tab('https://evil.example/') },
    ],
    ['a data: URL', message('getAuthState'), { id: extensionId, url: 'data:text/html,hi' }],
    ['an unknown kind', message('deleteEverything'), popup],
    ['a payload with an extra field', message('getAuthState', { admin: true }), popup],
    ['a payload that is not an object', message('viewCart', 'default'), popup],
    ['items that are not an array', message('addToCart', { items: '[1]' }), storePage],
    ['an empty item list', message('addToCart', { items: [] }), storePage],
    [
      'an id that is not a positive integer',
      message('addToCart', { items: [{ id: -1, type: 'track', audioFormat: 'mp3' }] }),
      storePage,
    ],
    [
      'an unknown item type',
      message('addToCart', { items: [{ id: 1, type: 'album', audioFormat: 'mp3' }] }),
      storePage,
    ],
    [
      'a malformed audio format (ids are open-ended, their shape is not)',
      message('addToCart', { items: [{ id: 1, type: 'track', audioFormat: 'Flac!' }] }),
      storePage,
    ],
    [
      'an audio format on remove',
      message('removeFromCart', { items: [{ id: 1, type: 'track', audioFormat: 'mp3' }] }),
      storePage,
    ],
    ['a cart name with a control character', message('viewCart', { name: 'a\u0000b' }), popup],
    ['a cart name too long', message('viewCart', { name: 'x'.repeat(65) }), popup],
    ['an envelope with an extra field', { ...message('getAuthState'), from: 'background' }, popup],
    [
      'the store page importing a crate into a cart',
      message('importCrate', {
        cartName: 'x',
        crate: { format: 'crate.shared-crate', version: 1, name: 'x', items: [] },
      }),
      storePage,
    ],
    ['the store page matching a tracklist', message('matchTracklist', { lines: ['A - B'] }), storePage],
    ['an empty tracklist', message('matchTracklist', { lines: [] }), popup],
    [
      'a tracklist over the page limit',
      message('matchTracklist', { lines: Array.from({ length: 5001 }, () => 'A - B') }),
      popup,
    ],
    [
      'a crate of another format',
      message('importCrate', { cartName: 'x', crate: { format: 'other', version: 1, name: 'x', items: [] } }),
      popup,
    ],
    [
      'a crate over the cart limit',
      message('importCrate', {
        cartName: 'x',
        crate: {
          format: 'crate.shared-crate',
          version: 1,
          name: 'x',
          items: Array.from({ length: 1001 }, (_, index) => ({
            id: index + 1,
            type: 'track',
            audioFormat: 'mp3',
          })),
        },
      }),
      popup,
    ],
    ['the store page asking what is on this computer', message('onThisComputer', {}), storePage],
    ['the store page asking where saved files are', message('savedFiles', { entries: [] }), storePage],
  ];

  it('has at least ten forged cases', () => {
    expect(forged.length).toBeGreaterThanOrEqual(10);
  });

  // Not our envelope at all: left unanswered, as any message for another listener.
  const ignored = new Set(['an unknown kind', 'an envelope with an extra field']);

  it.each(forged)('refuses %s', async (name, msg, sender) => {
    const reply = await route(msg, sender);
    if (ignored.has(name)) expect(reply).toBeUndefined();
    else expect(reply).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    noHandlerRan();
  });
});
