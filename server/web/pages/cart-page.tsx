import { defaultCartName } from '../../../lib/contract/cart-name.ts';
import { itemKey } from '../../../lib/contract/item-key.ts';
import { releaseUrl, trackUrl } from '../../../lib/contract/store-urls.ts';
import type { AudioFormat, Cart, CartSummary, Price, Release, Track } from '../../../lib/contract/wire.ts';
import { ArtistLinks } from '../components/artist-links.tsx';
import { coverClass } from '../cover-art.ts';
import { formatCount, formatPrice } from '../format.ts';
import { Layout, type PageShell } from '../layout.tsx';

/** A checked-out order, shown once on the cart page after checkout. */
export interface OrderConfirmation {
  orderId: number;
  total: Price;
  /** Every purchased track, a release's tracks included, with the format bought. */
  tracks: { track: Track; audioFormat: AudioFormat }[];
}

export interface CartPageData {
  /** Carts shown with their items; a cart's items may be its first ones only (counts say all). */
  carts: Cart[];
  /** The user's other non-empty carts, one line each. */
  otherCarts?: CartSummary[];
  /** The catalog records of the carts' items, by `<type>:<id>`, for links and covers. */
  records: Map<string, Track | Release>;
  confirmation?: OrderConfirmation;
  notice?: string;
}

function CartItems({ cart, records }: { cart: Cart; records: CartPageData['records'] }) {
  return (
    <ul class="cart-items">
      {cart.items.map((item) => {
        const record = records.get(itemKey(item));
        const href = record && (record.type === 'track' ? trackUrl(record) : releaseUrl(record));
        return (
          <li key={itemKey(item)} class="cart-item">
            <span class={`${coverClass(item.type, item.id)} cover-small`} aria-hidden="true" />
            <div class="track-main">
              {href ? (
                <a class="track-title" href={href}>
                  {item.name}
                </a>
              ) : (
                <span class="track-title">{item.name}</span>
              )}
              <span class="track-artists">
                <ArtistLinks artists={item.artists} />
              </span>
            </div>
            <span class="item-kind">{item.type === 'track' ? 'Track' : 'Release'}</span>
            <span class="format">{item.audioFormat.toUpperCase()}</span>
            <span class="price">{formatPrice(item.price)}</span>
          </li>
        );
      })}
    </ul>
  );
}

function PurchasedTracks({ tracks }: { tracks: OrderConfirmation['tracks'] }) {
  return (
    <ul class="cart-items">
      {tracks.map(({ track, audioFormat }) => (
        <li key={track.id} class="cart-item" data-track-id={track.id}>
          <span class={`${coverClass('track', track.id)} cover-small`} aria-hidden="true" />
          <div class="track-main">
            <a class="track-title" href={trackUrl(track)}>
              {track.name} <span class="mix-name">{track.mixName}</span>
            </a>
            <span class="track-artists">
              <ArtistLinks artists={track.artists} />
            </span>
          </div>
          <span class="format">{audioFormat.toUpperCase()}</span>
        </li>
      ))}
    </ul>
  );
}

function CartSection({ cart, data, csrfToken }: { cart: Cart; data: CartPageData; csrfToken: string }) {
  const { counts } = cart;
  return (
    <section class="section cart" data-cart-name={cart.name}>
      <div class="section-head">
        <h2>{cart.name === defaultCartName ? 'Cart' : cart.name}</h2>
        <span class="hint">
          {formatCount(counts.tracks)} {counts.tracks === 1 ? 'track' : 'tracks'},{' '}
          {formatCount(counts.releases)} {counts.releases === 1 ? 'release' : 'releases'}
        </span>
      </div>
      {cart.items.length === 0 ? (
        <p class="empty">This cart is empty.</p>
      ) : (
        <>
          <CartItems cart={cart} records={data.records} />
          {counts.items > cart.items.length && (
            <p class="hint cart-more">
              Showing the first {formatCount(cart.items.length)} of {formatCount(counts.items)} items;
              checkout buys them all.
            </p>
          )}
          <form class="checkout" method="post" action="/checkout">
            <input type="hidden" name="csrf" value={csrfToken} />
            <input type="hidden" name="cart" value={cart.name} />
            <span class="total">
              Total <strong>{formatPrice(cart.total)}</strong>
            </span>
            <button type="submit" class="button">
              Checkout
            </button>
          </form>
        </>
      )}
    </section>
  );
}

export function CartPage({ shell, data }: { shell: PageShell; data?: CartPageData }) {
  const { viewer } = shell;
  if (!viewer.signedIn || !data) {
    return (
      <Layout shell={shell} title="Cart">
        <section class="panel narrow">
          <h1>Your cart</h1>
          <p>Sign in to see your carts and check out.</p>
          <a class="button" href="/sign-in?return=%2Fcart">
            Sign in
          </a>
        </section>
      </Layout>
    );
  }
  const { confirmation } = data;
  const filled = data.carts.filter((cart) => cart.items.length > 0);
  return (
    <Layout shell={shell} title="Cart">
      <section class="intro">
        <h1>Your carts</h1>
      </section>
      {data.notice && (
        <p class="notice notice-error" role="alert">
          {data.notice}
        </p>
      )}
      {confirmation && (
        <section class="section confirmation" aria-live="polite">
          <p class="notice notice-success">
            Thank you! Order #{confirmation.orderId} is paid ({formatPrice(confirmation.total)}). These tracks
            are now in your download library:
          </p>
          <PurchasedTracks tracks={confirmation.tracks} />
        </section>
      )}
      {filled.length === 0 ? (
        <p class="empty">
          Your carts are empty. Find something in the <a href="/charts">charts</a>.
        </p>
      ) : (
        filled.map((cart) => (
          <CartSection key={cart.name} cart={cart} data={data} csrfToken={viewer.csrfToken} />
        ))
      )}
      {data.otherCarts && data.otherCarts.length > 0 && (
        <section class="section other-carts">
          <div class="section-head">
            <h2>More carts</h2>
          </div>
          <ul class="cart-list">
            {data.otherCarts.map((cart) => (
              <li key={cart.name}>
                <a href={`/cart?cart=${encodeURIComponent(cart.name)}`}>
                  {cart.name === defaultCartName ? 'Cart' : cart.name}
                </a>{' '}
                <span class="hint">
                  {formatCount(cart.counts.items)} {cart.counts.items === 1 ? 'item' : 'items'},{' '}
                  {formatPrice(cart.total)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Layout>
  );
}
