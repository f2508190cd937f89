import { useEffect, useState } from 'preact/hooks';
import { defaultCartName } from '../../lib/contract/cart-name.ts';
import { itemKey } from '../../lib/contract/item-key.ts';
import { samplePath } from '../../lib/contract/store-urls.ts';
import { type CartOverlap, findCartOverlap } from '../../lib/popup/cart-overlap.ts';
import { formatMoney } from '../../lib/popup/money.ts';
import { openTab } from '../../lib/popup/open-tab.ts';
import { type CartViewValue, cartCacheKey, rememberShownCart } from '../../lib/popup/popup-snapshot.ts';
import { allTracks, isAllTracks, viewTracks } from '../../lib/popup/track-facts.ts';
import { send } from '../../lib/protocol/send.ts';
import type { Cached, CacheScope } from '../../lib/storage/popup-cache.ts';
import { CartFooter, plural } from './cart-footer.tsx';
import { CartItemRow } from './cart-item-row.tsx';
import { CartMessages } from './cart-messages.tsx';
import { CrateSharePanel } from './crate-share-panel.tsx';
import { ErrorNotice } from './error-notice.tsx';
import { FormatSwitcher } from './format-switcher.tsx';
import { Notice } from './notice.tsx';
import { RefreshStatus } from './refresh-status.tsx';
import { TrackViewFilters, useKeyNotation, useOwnedFormats } from './track-view.tsx';
import { useCachedResource } from './use-cached-resource.ts';
import { useCartChanges } from './use-cart-changes.ts';
import { useCatalogFacts } from './use-catalog-facts.ts';
import { useCollectionSource } from './use-collection.ts';

export interface CartTabProps {
  scope: CacheScope | null;
  storeUrl: string;
  cartName: string;
  initial?: Cached<CartViewValue>;
  /** Changes when the popup wants every tab to ask the store again (back online, store back). */
  revalidate: number;
}

/** More than the popup shows without scrolling. */
const firstPaintRows = 12;

/** "3 items: 2 tracks, 1 release". */
export function countsText(counts: CartViewValue['cart']['counts']): string {
  return `${plural(counts.items, 'item')}: ${plural(counts.tracks, 'track')}, ${plural(counts.releases, 'release')}`;
}

/** The cart from the popup cache, then the store; remembered as the cart last shown, asked again on `revalidate`. */
function useCart({ scope, cartName, initial, revalidate }: Omit<CartTabProps, 'storeUrl'>) {
  const cart = useCachedResource<CartViewValue>({
    scope,
    key: cartCacheKey(cartName),
    load: () => send('viewCart', { name: cartName }),
    initial,
  });
  useEffect(() => {
    if (scope && cart.cached) void rememberShownCart(scope, cartName, cart.cached);
  }, [scope, cartName, cart.cached]);
  useEffect(() => {
    if (revalidate > 0) void cart.refresh();
  }, [revalidate]);
  return cart;
}

/** The cart tab: items with format and price, the total, the whole-cart switcher, remove, empty, checkout. */
export function CartTab({ scope, storeUrl, cartName, initial, revalidate }: CartTabProps) {
  const cart = useCart({ scope, cartName, initial, revalidate });
  const changes = useCartChanges(cart, cartName);
  const ownedFormatsOf = useOwnedFormats(storeUrl);
  const collectionSourceOf = useCollectionSource();
  const notation = useKeyNotation();
  const [trackView, setTrackView] = useState(allTracks);
  const { facts, failed: factsFailed } = useCatalogFacts(scope, cart.cached?.value.cart.items ?? []);
  const { busy } = changes;
  // The first paint shows the rows in view; a 200-item cart renders the rest right after it.
  const [rowLimit, setRowLimit] = useState(firstPaintRows);
  useEffect(() => setRowLimit(Number.POSITIVE_INFINITY), []);

  if (!scope) return <SignedOut />;
  const view = cart.cached?.value;
  if (!view) {
    if (cart.error) return <ErrorNotice error={cart.error} onRetry={() => void cart.refresh()} />;
    return <CartLoading />;
  }

  const { items, counts, total } = view.cart;
  const overlap = findCartOverlap(
    items,
    total,
    (item) => facts.get(itemKey(item)),
    ownedFormatsOf,
    collectionSourceOf,
  );
  const narrowed = !isAllTracks(trackView);
  const shown = narrowed ? viewTracks(items, (item) => facts.get(itemKey(item)) ?? {}, trackView) : items;
  const cartLabel = cartName === defaultCartName ? 'Your cart' : `Cart "${cartName}"`;
  return (
    <div class="cart-tab">
      <RefreshStatus
        refreshing={cart.refreshing || busy !== null}
        savedAt={cart.cached?.savedAt}
        error={changes.failedChange ? null : cart.error}
        onRetry={() => void cart.refresh()}
      />
      <CartSummary counts={counts} total={total} totalWithout={overlap.totalWithout} />
      <CartMessages changes={changes} />
      {items.length === 0 ? (
        <EmptyCart cartLabel={cartLabel} storeUrl={storeUrl} />
      ) : (
        <>
          <FormatSwitcher
            items={items}
            facts={facts}
            factsFailed={factsFailed}
            total={total}
            disabled={busy !== null}
            onApply={changes.setAll}
          />
          <div class="filters">
            <TrackViewFilters view={trackView} notation={notation} onChange={setTrackView} />
          </div>
          {narrowed && (
            <p class="filter-count" role="status">
              {shown.length} of {plural(items.length, 'item')}
            </p>
          )}
          <ul class="cart-items" aria-label={`Items in ${cartLabel.toLowerCase()}`}>
            {shown.slice(0, rowLimit).map((item) => (
              <CartItemRow
                key={itemKey(item)}
                item={item}
                formats={view.audioFormats}
                disabled={busy === 'setAll' || busy === 'empty'}
                onFormat={changes.changeFormat}
                onRemove={changes.remove}
                ownedFormats={ownedFormatsOf(item.type, item.id)}
                facts={facts.get(itemKey(item))}
                sampleUrl={facts.get(itemKey(item))?.sampleUrl ?? `${storeUrl}${samplePath(item.id)}`}
                paidTwice={overlap.flags.get(itemKey(item))}
                notation={notation}
              />
            ))}
          </ul>
          {/* Keyed by cart: a confirmation asked about one cart does not carry over to another. */}
          <CartFooter
            key={cartName}
            storeUrl={storeUrl}
            itemCount={items.length}
            disabled={busy !== null}
            onEmpty={changes.emptyCart}
          />
        </>
      )}
      <CrateSharePanel cartName={cartName} items={items} />
    </div>
  );
}

const SignedOut = () => (
  <Notice title="Sign in to see your cart">
    Use "Sign in" at the top: the store's login window opens, and your cart appears here.
  </Notice>
);

const CartLoading = () => (
  <div aria-busy="true">
    <Notice title="Loading your cart…" />
  </div>
);

interface SummaryProps {
  counts: CartViewValue['cart']['counts'];
  total: CartViewValue['cart']['total'];
  totalWithout: CartOverlap['totalWithout'];
}

/** What the cart holds and costs, and what it would cost without what is bought twice. */
function CartSummary({ counts, total, totalWithout }: SummaryProps) {
  return (
    <p class="cart-summary">
      {/* elementtiming: the Element Timing API reports when its text was painted (bench/popup.ts). */}
      <span class="cart-counts" elementtiming="cart-summary">
        {countsText(counts)}
      </span>
      <span class="cart-total">
        Total <strong>{formatMoney(total)}</strong>
      </span>
      {totalWithout && (
        <span class="cart-total-without">
          Without paying twice <strong>{formatMoney(totalWithout)}</strong>
        </span>
      )}
    </p>
  );
}

function EmptyCart({ cartLabel, storeUrl }: { cartLabel: string; storeUrl: string }) {
  return (
    <Notice
      title={`${cartLabel} is empty`}
      action={
        <button type="button" onClick={() => openTab(storeUrl)}>
          Open the store
        </button>
      }
    >
      Add tracks and releases with the Crate buttons on the store's pages; they appear here.
    </Notice>
  );
}
