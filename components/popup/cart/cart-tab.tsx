import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { defaultCartName } from '../../../lib/contract/cart-name.ts';
import { itemKey } from '../../../lib/contract/item-key.ts';
import type { KeyNotation } from '../../../lib/contract/musical-key.ts';
import { samplePath } from '../../../lib/contract/store-urls.ts';
import type { CartItem } from '../../../lib/contract/wire.ts';
import { formatCount } from '../../../lib/i18n/intl.ts';
import { plural } from '../../../lib/i18n/plural.ts';
import { cartSet, countsText, shownItems, shownSet } from '../../../lib/popup/cart/cart-view.ts';
import { type CartOverlap, findCartOverlap } from '../../../lib/popup/cart-overlap.ts';
import { formatMoney } from '../../../lib/popup/money.ts';
import { openTab } from '../../../lib/popup/open-tab.ts';
import { type CartViewValue, cartCacheKey, rememberShownCart } from '../../../lib/popup/popup-snapshot.ts';
import { isAllTracks, type TrackView } from '../../../lib/popup/track-facts.ts';
import { send } from '../../../lib/protocol/send.ts';
import type { EnergyShape } from '../../../lib/set-order/set-order.ts';
import type { Cached, CacheScope } from '../../../lib/storage/popup-cache.ts';
import { EnergyShapeSelect } from '../../set-order/set-order-choice.tsx';
import { CrateSharePanel } from '../crates/crate-share-panel.tsx';
import { useCachedResource } from '../data-hooks/use-cached-resource.ts';
import { ErrorNotice } from '../notices/error-notice.tsx';
import { Notice } from '../notices/notice.tsx';
import { RefreshStatus } from '../notices/refresh-status.tsx';
import { TrackViewFilters, useKeyNotation, useOwnedFormats } from '../track-rows/track-view.tsx';
import { part, withParts } from '../translations/message-parts.tsx';
import { CartFooter } from './cart-footer.tsx';
import { CartItemRow } from './cart-item-row.tsx';
import { CartMessages } from './cart-messages.tsx';
import { FormatSwitcher } from './format-switcher.tsx';
import { useCartChanges } from './use-cart-changes.ts';
import { useCartEnergies } from './use-cart-energies.ts';
import { useCartView } from './use-cart-view.ts';
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
  const [trackView, setTrackView] = useCartView(storeUrl, cartName);
  const { facts, failed: factsFailed } = useCatalogFacts(scope, cart.cached?.value.cart.items ?? []);
  const energies = useCartEnergies(cart.cached?.value.cart.items ?? [], trackView.sort === 'set');
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
  const shown = shownItems(items, facts, trackView, energies);
  const set = trackView.sort === 'set' ? shownSet(items, facts, trackView, energies) : undefined;
  const row = (item: CartItem) => (
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
      mix={set?.into.get(item)}
    />
  );
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
        <EmptyCart cartName={cartName} storeUrl={storeUrl} />
      ) : (
        <>
          <FormatSwitcher
            items={items}
            facts={facts}
            factsFailed={factsFailed}
            total={total}
            formats={view.audioFormats}
            disabled={busy !== null}
            onApply={changes.setAll}
          />
          <CartViewControls
            view={trackView}
            onView={setTrackView}
            notation={notation}
            counts={{ all: items.length, shown: shown.length }}
            set={set}
            items={items}
          />
          <ul class="cart-items" aria-label={cartItemsLabel(cartName)}>
            {shown.slice(0, rowLimit).map(row)}
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
      {/* Sorted as a set, the cart is shared and exported in that order (the stick's playlist too). */}
      <CrateSharePanel
        cartName={cartName}
        items={trackView.sort === 'set' ? cartSet(items, facts, energies, trackView).items : items}
      />
    </div>
  );
}

const cartItemsLabel = (cartName: string) =>
  cartName === defaultCartName
    ? i18n.t('popup.cart.itemsInYours')
    : i18n.t('popup.cart.itemsInNamed', [cartName]);

/** Sort, BPM range and "harmonic with"; how many items they leave; the set's energy and clashes. */
function CartViewControls({
  view,
  onView,
  notation,
  counts,
  set,
  items,
}: {
  view: TrackView;
  onView(view: TrackView): void;
  notation: KeyNotation;
  counts: { all: number; shown: number };
  set: ReturnType<typeof cartSet> | undefined;
  /** The cart's items, the tracks a set can be pinned to start or end with. */
  items: readonly CartItem[];
}) {
  return (
    <>
      <div class="filters">
        <TrackViewFilters view={view} notation={notation} onChange={onView} asSet />
      </div>
      {!isAllTracks(view) && (
        <p class="filter-count" role="status">
          {plural('popup.cart.shownOf', counts.all, formatCount(counts.shown))}
        </p>
      )}
      {set && (
        <SetSummary set={set} shape={view.shape ?? 'build'} onShape={(shape) => onView({ ...view, shape })} />
      )}
      {set && <SetPins view={view} onView={onView} items={items} />}
    </>
  );
}

function SetSummary({
  set,
  shape,
  onShape,
}: {
  set: ReturnType<typeof cartSet>;
  shape: EnergyShape;
  onShape(shape: EnergyShape): void;
}) {
  return (
    <>
      <EnergyShapeSelect shape={shape} onShape={onShape} />
      <p class="set-summary" role="status">
        {set.clashes === 0
          ? i18n.t('popup.cart.setNoClash')
          : plural('popup.cart.setClashes', set.clashes, formatCount(set.clashes))}
        {set.unplaced > 0 &&
          ` · ${plural('popup.cart.setUnplaced', set.unplaced, formatCount(set.unplaced))}`}
      </p>
    </>
  );
}

/** The set's first and last track, pinned by the DJ (or left to the order): the opener and the closer. */
function SetPins({
  view,
  onView,
  items,
}: {
  view: TrackView;
  onView(view: TrackView): void;
  items: readonly CartItem[];
}) {
  const tracks = items.filter((item) => item.type === 'track');
  const pin = (end: 'first' | 'last', label: string) => (
    <label class="inline">
      {label}
      <select
        value={view[end] ?? ''}
        onChange={(event) => {
          const { [end]: _, ...rest } = view;
          const key = event.currentTarget.value;
          onView(key ? { ...rest, [end]: key } : rest);
        }}
      >
        <option value="">{i18n.t('popup.cart.pinNone')}</option>
        {tracks.map((item) => (
          <option key={itemKey(item)} value={itemKey(item)}>
            {item.name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div class="set-pins">
      {pin('first', i18n.t('popup.cart.pinFirst'))}
      {pin('last', i18n.t('popup.cart.pinLast'))}
    </div>
  );
}

const SignedOut = () => (
  <Notice title={i18n.t('popup.cart.signedOutTitle')}>{i18n.t('popup.cart.signedOutHint')}</Notice>
);

const CartLoading = () => (
  <div aria-busy="true">
    <Notice title={i18n.t('popup.cart.loading')} />
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
        {withParts(i18n.t('popup.cart.total', [part(0)]), <strong>{formatMoney(total)}</strong>)}
      </span>
      {totalWithout && (
        <span class="cart-total-without">
          {withParts(
            i18n.t('popup.cart.withoutPayingTwice', [part(0)]),
            <strong>{formatMoney(totalWithout)}</strong>,
          )}
        </span>
      )}
    </p>
  );
}

function EmptyCart({ cartName, storeUrl }: { cartName: string; storeUrl: string }) {
  return (
    <Notice
      title={
        cartName === defaultCartName
          ? i18n.t('popup.cart.emptyYours')
          : i18n.t('popup.cart.emptyNamed', [cartName])
      }
      action={
        <button type="button" onClick={() => openTab(storeUrl)}>
          {i18n.t('popup.cart.openStore')}
        </button>
      }
    >
      {i18n.t('popup.cart.emptyHint')}
    </Notice>
  );
}
