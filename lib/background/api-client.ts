/**
 * The store API (store-api.md, contract.md) as typed functions, in three groups: the cart, the
 * catalog (detail pages, the artist catalog) and the download library. Responses are parsed by the
 * schemas the store itself uses (lib/contract/wire.ts); lib/background/store-transport.ts makes
 * the requests, with their timeouts, retries and token renewal.
 */
import { z } from 'zod';
import { maxPerPage } from '../contract/paging.ts';
import { TrackAnalysis, WaveformDetail } from '../contract/track-analysis.ts';
import {
  TracklistLineMatch,
  type TracklistLineMatch as TracklistLineMatchType,
} from '../contract/tracklist-match.ts';
import {
  ArtistCatalogMetadata,
  Artist as ArtistSchema,
  type AudioFormat,
  Cart,
  CartAddResult,
  type CartAddResult as CartAddResultType,
  CartChangeResult,
  type CartChangeResult as CartChangeResultType,
  type CartItemInput,
  CartSummary,
  type CartSummary as CartSummaryType,
  type Cart as CartType,
  type CatalogPage,
  type CatalogPageResults,
  catalogPages,
  DownloadLink,
  envelopeOf,
  type ItemType,
  LibraryEntry,
  PagingMetadata,
  PurchasedCrate,
} from '../contract/wire.ts';
import {
  type ApiClientOptions,
  createStoreTransport,
  notModified,
  type Query,
  type StoreCall,
  type StoreExchange,
} from './store-transport.ts';

const CartMetadata = z
  .object({ audioFormats: z.array(z.string()), cartVersion: z.string().max(200) })
  .partial()
  .loose();

export interface CartView {
  cart: CartType;
  /** The formats the store sells (metadata.audioFormats), when it lists them. */
  audioFormats: string[];
  /** The cart's version (metadata.cartVersion), when the store keeps versions. */
  version?: string;
}

/** A cart change's answer, with the version of the cart it leaves when the store keeps versions. */
export interface CartAnswer<T> {
  result: T;
  version?: string;
}

/** A cart change made only while the cart is at `expectedVersion` (a `conflict` StoreError, code `cartChanged`, else). */
export interface CartPrecondition {
  expectedVersion?: string;
}

export interface Paged<T> {
  results: T[];
  paging: z.infer<typeof PagingMetadata>;
}

export type ArtistFacetName = 'genreName' | 'performerName';

export interface ArtistQuery {
  page?: number;
  perPage?: number;
  ids?: number[];
  /** Alias for a single entry of `ids`. */
  id?: number;
  /** All must match. */
  facets?: { name: ArtistFacetName; value: string }[];
  returnFacets?: ArtistFacetName[];
  /** Part of the artist's name, case-insensitive (the store's `search`, docs/api.md). */
  search?: string;
  sortBy?: { field: 'publishDate' | 'artistId' | 'name'; direction: 'ASC' | 'DESC' }[];
  genreId?: number;
  labelId?: number;
}

export interface ArtistPage extends Paged<z.infer<typeof ArtistSchema>> {
  facets: Partial<Record<ArtistFacetName, { name: string; count: number }[]>>;
}

export interface CartTarget {
  /** The named cart; omitted: the default cart. */
  name?: string;
}

export type PageWithoutId = Extract<CatalogPage, 'home' | 'chart-overview'>;
export type PageWithId = Exclude<CatalogPage, PageWithoutId>;

const itemsJson = (items: readonly object[]) => JSON.stringify(items);

/** The cart's reads; every call names the calling application (`sourceType`). */
function cartReads(call: StoreCall, exchange: StoreExchange, sourceType: string) {
  const view = (body: { results: CartType; metadata: z.infer<typeof CartMetadata> }): CartView => ({
    cart: body.results,
    audioFormats: body.metadata.audioFormats ?? [],
    ...(body.metadata.cartVersion ? { version: body.metadata.cartVersion } : {}),
  });
  return {
    /** GET /cart/1/: the whole cart, with the formats the store sells and its version. */
    viewCart: async (target: CartTarget = {}): Promise<CartView> =>
      view(
        await call('GET', '/cart/1/', { name: target.name, sourceType }, envelopeOf(Cart, CartMetadata), {
          authenticated: true,
        }),
      ),

    /** GET /cart/1/ with If-None-Match: the cart when it is no longer at `version`, else null (a 304). */
    async viewCartIfChanged(target: CartTarget, version: string): Promise<CartView | null> {
      const body = await exchange(
        'GET',
        '/cart/1/',
        { name: target.name, sourceType },
        envelopeOf(Cart, CartMetadata),
        { authenticated: true, conditions: { ifNoneMatch: version } },
      );
      return body === notModified ? null : view(body);
    },

    /** GET /cart/1/?summary=true: counts and total, no items. */
    cartSummary: async (target: CartTarget = {}): Promise<CartSummaryType> =>
      (
        await call(
          'GET',
          '/cart/1/',
          { name: target.name, summary: true, sourceType },
          envelopeOf(CartSummary),
          { authenticated: true },
        )
      ).results,
  };
}

/** The cart's changes, each answered with the cart's version and made against one when given. */
function cartChanges(call: StoreCall, sourceType: string) {
  /** One change of /cart/1/, signed in, answered with `schema`'s results and the cart's version. */
  const change = async <T>(
    method: 'POST' | 'PUT' | 'DELETE',
    query: Query,
    schema: z.ZodType<T>,
    { expectedVersion }: CartPrecondition,
  ): Promise<CartAnswer<T>> => {
    const body = await call(method, '/cart/1/', { ...query, sourceType }, envelopeOf(schema, CartMetadata), {
      authenticated: true,
      conditions: { ifMatch: expectedVersion },
    });
    return { result: body.results, version: body.metadata.cartVersion };
  };
  return {
    /** POST /cart/1/: owned items come back as `alreadyPurchased` warnings unless overridden. */
    addToCart: (
      items: CartItemInput[],
      options: CartTarget & CartPrecondition & { alreadyPurchasedOverride?: boolean } = {},
    ): Promise<CartAnswer<CartAddResultType>> =>
      change(
        'POST',
        {
          items: itemsJson(items),
          name: options.name,
          alreadyPurchasedOverride: options.alreadyPurchasedOverride,
        },
        CartAddResult,
        options,
      ),

    /** PUT /cart/1/ with audioFormat: every item of the cart gets that format. */
    setCartFormat: (
      audioFormat: AudioFormat,
      target: CartTarget & CartPrecondition = {},
    ): Promise<CartAnswer<CartChangeResultType>> =>
      change('PUT', { audioFormat, name: target.name }, CartChangeResult, target),

    /** PUT /cart/1/ with items: only the listed items change format. */
    setItemFormats: (
      items: CartItemInput[],
      target: CartTarget & CartPrecondition = {},
    ): Promise<CartAnswer<CartChangeResultType>> =>
      change('PUT', { items: itemsJson(items), name: target.name }, CartChangeResult, target),

    /** DELETE /cart/1/ without items: empties the cart. */
    emptyCart: (target: CartTarget & CartPrecondition = {}): Promise<CartAnswer<CartChangeResultType>> =>
      change('DELETE', { name: target.name }, CartChangeResult, target),

    /** DELETE /cart/1/ with items ({id, type} only): removes them. */
    removeFromCart: (
      items: { id: number; type: ItemType }[],
      target: CartTarget & CartPrecondition = {},
    ): Promise<CartAnswer<CartChangeResultType>> =>
      change(
        'DELETE',
        { items: itemsJson(items.map(({ id, type }) => ({ id, type }))), name: target.name },
        CartChangeResult,
        target,
      ),
  };
}

/** The catalog: what one store page shows, and the artist catalog. Public: no token. */
function catalogCalls(call: StoreCall) {
  return {
    /** GET /catalog/3/platform/<page>: everything one store page shows. */
    catalogPage: (<P extends CatalogPage>(
      page: P,
      id?: number,
      list?: { page: number; perPage: number },
    ): Promise<CatalogPageResults<P>> =>
      call(
        'GET',
        `/catalog/3/platform/${page}`,
        { id, ...list },
        envelopeOf(catalogPages[page] as unknown as z.ZodType<CatalogPageResults<P>>),
        { authenticated: false },
      ).then((body) => body.results)) as {
      <P extends PageWithoutId>(page: P): Promise<CatalogPageResults<P>>;
      /** `list`: a page of the page's long track list (top tracks), not all of it. */
      <P extends PageWithId>(
        page: P,
        id: number,
        list?: { page: number; perPage: number },
      ): Promise<CatalogPageResults<P>>;
    },

    /** GET /catalog/3/track-analysis: the store's beat grid, cues and waveform overview of a track. */
    trackAnalysis: async (id: number): Promise<TrackAnalysis> =>
      (
        await call('GET', '/catalog/3/track-analysis', { id }, envelopeOf(TrackAnalysis), {
          authenticated: false,
        })
      ).results,

    /** GET /catalog/3/track-waveform: the detail waveform for a deck (150 columns a second). */
    trackWaveform: async (id: number): Promise<WaveformDetail> =>
      (
        await call('GET', '/catalog/3/track-waveform', { id }, envelopeOf(WaveformDetail), {
          authenticated: false,
        })
      ).results,
    /** POST /catalog/3/tracklist: every line of a tracklist matched (docs/api.md), 250 lines at most. */
    matchTracklist: (text: string): Promise<TracklistLineMatchType[]> =>
      call('POST', '/catalog/3/tracklist', { text }, envelopeOf(z.array(TracklistLineMatch)), {
        authenticated: false,
      }).then((body) => body.results),

    /** GET /catalog/3/artists: search, filter, sort and page the artist catalog. */
    async artists(query: ArtistQuery = {}): Promise<ArtistPage> {
      const body = await call(
        'GET',
        '/catalog/3/artists',
        {
          page: query.page,
          perPage: query.perPage,
          ids: query.ids?.join(','),
          id: query.id,
          'facets[]': query.facets?.map(({ name, value }) => `${name}:${value}`),
          returnFacets: query.returnFacets?.join(','),
          search: query.search,
          sortBy: query.sortBy?.map(({ field, direction }) => `${field} ${direction}`).join(','),
          genreId: query.genreId,
          labelId: query.labelId,
        },
        envelopeOf(z.array(ArtistSchema), ArtistCatalogMetadata),
        { authenticated: false },
      );
      const { facets, ...paging } = body.metadata;
      return { results: body.results, paging, facets: facets?.fields ?? {} };
    },
  };
}

/** The download library: entries, and links to download them. */
function libraryCalls(call: StoreCall) {
  return {
    /** GET /order/1/downloads: the download library, newest purchase first. */
    async downloads(
      query: { page?: number; perPage?: number; status?: 'available' | 'downloaded' } = {},
    ): Promise<Paged<z.infer<typeof LibraryEntry>>> {
      // The store tells a live link ("downloaded") from an expired one ("re-download"); here both are downloaded.
      const status = query.status === 'downloaded' ? 'downloaded,re-download' : query.status;
      const body = await call(
        'GET',
        '/order/1/downloads',
        { ...query, status },
        envelopeOf(z.array(LibraryEntry), PagingMetadata),
        { authenticated: true },
      );
      return { results: body.results, paging: body.metadata };
    },

    /** Every page of the library, as large as the store allows, for whoever reads it all. */
    async *libraryPages(): AsyncGenerator<z.infer<typeof LibraryEntry>[]> {
      for (let page = 1; ; page++) {
        const found = await this.downloads({ page, perPage: maxPerPage });
        yield found.results;
        if (page >= found.paging.totalPages) return;
      }
    },

    /** GET /order/1/crates: the named carts bought, as crates in their carts' order. */
    async purchasedCrates(): Promise<z.infer<typeof PurchasedCrate>[]> {
      const body = await call('GET', '/order/1/crates', {}, envelopeOf(z.array(PurchasedCrate)), {
        authenticated: true,
      });
      return body.results;
    },

    /** POST /order/1/downloads: marks the entries initiated and returns a link for each. */
    async initiateDownloads(downloadIds: number[]): Promise<z.infer<typeof DownloadLink>[]> {
      const body = await call(
        'POST',
        '/order/1/downloads',
        { downloadIds: downloadIds.join(',') },
        envelopeOf(z.array(DownloadLink)),
        { authenticated: true },
      );
      return body.results;
    },

    /** POST /order/1/promo-downloads: a free (promotional) track into the library, with its link. */
    async promoDownload(trackId: number): Promise<z.infer<typeof DownloadLink>> {
      const body = await call('POST', '/order/1/promo-downloads', { trackId }, envelopeOf(DownloadLink), {
        authenticated: true,
      });
      return body.results;
    },
  };
}

export function createApiClient(options: ApiClientOptions) {
  const { storeUrl, call, exchange } = createStoreTransport(options);
  return {
    storeUrl,
    ...cartReads(call, exchange, options.sourceType),
    ...cartChanges(call, options.sourceType),
    ...catalogCalls(call),
    ...libraryCalls(call),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
