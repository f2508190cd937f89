import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { errorMessage } from '../../lib/i18n/error-message.ts';
import { openTab } from '../../lib/popup/open-tab.ts';
import { type PopupSnapshot, rememberAuth, scopeOf } from '../../lib/popup/popup-snapshot.ts';
import type { PopupTabId } from '../../lib/popup/popup-tab-ids.ts';
import type { AuthState } from '../../lib/protocol/messages.ts';
import { send } from '../../lib/protocol/send.ts';
import { cartNamesSetting, currentCartSetting } from '../../lib/storage/items.ts';
import { forgetLastViews } from '../../lib/storage/last-view-store.ts';
import { popupCache } from '../../lib/storage/popup-cache.ts';
import { AccountPanel } from './account/account-panel.tsx';
import { ArtistsTab } from './artists/artists-tab.tsx';
import { CartPicker } from './cart/cart-picker.tsx';
import { CartTab } from './cart/cart-tab.tsx';
import { LibraryTab } from './library/library-tab.tsx';
import { NewForYouTab } from './new-for-you/new-for-you-tab.tsx';
import { HostAccessNotice } from './notices/host-access-notice.tsx';
import { PopupTabs } from './popup-tabs.tsx';
import { ShortcutsHelp } from './shortcuts-help.tsx';

export interface PopupAppProps {
  snapshot: PopupSnapshot;
  initialTab?: PopupTabId;
}

const isOnline = () => globalThis.navigator?.onLine !== false;

/** Whether the browser is online; `onBack` runs when the connection comes back. */
function useOnline(onBack: () => void): boolean {
  const [online, setOnline] = useState(isOnline);
  useEffect(() => {
    const goneOnline = () => {
      setOnline(true);
      onBack();
    };
    const goneOffline = () => setOnline(false);
    addEventListener('online', goneOnline);
    addEventListener('offline', goneOffline);
    return () => {
      removeEventListener('online', goneOnline);
      removeEventListener('offline', goneOffline);
    };
  }, []);
  return online;
}

/** The current cart and the carts to choose from, kept in step with storage; `chooseCart` switches. */
function useCartChoice(snapshot: PopupSnapshot) {
  const [cartName, setCartName] = useState(snapshot.currentCart);
  const [cartNames, setCartNames] = useState(snapshot.cartNames);
  const [cartProblem, setCartProblem] = useState<string | null>(null);

  useEffect(() => {
    // The background remembers carts that page buttons used; another popup may switch carts.
    const unwatchNames = cartNamesSetting.watch((names) => setCartNames(names));
    const unwatchCurrent = currentCartSetting.watch((name) => setCartName(name));
    return () => {
      unwatchNames();
      unwatchCurrent();
    };
  }, []);

  function chooseCart(name: string) {
    setCartName(name);
    setCartNames((names) => [name, ...names.filter((known) => known !== name)]);
    setCartProblem(null);
    send('setCurrentCart', { name })
      .then((choice) => setCartNames(choice.names))
      .catch((error: unknown) => setCartProblem(errorMessage(error)));
  }

  return { cartName, cartNames, cartProblem, chooseCart };
}

/**
 * The toolbar popup: the account and current cart on top, then the cart, library and artist tabs.
 * It paints the snapshot (last known state) at once; every part then asks the store and updates.
 */
export function PopupApp({ snapshot, initialTab = 'cart' }: PopupAppProps) {
  const [auth, setAuth] = useState<AuthState | null>(snapshot.auth);
  const [accountAsked, setAccountAsked] = useState(false);
  const { cartName, cartNames, cartProblem, chooseCart } = useCartChoice(snapshot);
  // Bumped when the store becomes reachable again: every tab asks it afresh.
  const [revalidate, setRevalidate] = useState(0);
  const online = useOnline(() => setRevalidate((n) => n + 1));

  const scopeId = auth?.signedIn && auth.username ? `${auth.storeUrl}\n${auth.username}` : null;
  const scope = useMemo(() => scopeOf(auth), [scopeId]);
  const storeUrl = auth?.storeUrl ?? '';

  // Opening the popup asks the store for "New for you" when the last look is older than the period.
  // And it is a moment to look for new purchases (when they arrive by themselves).
  useEffect(() => {
    void send('newForYou', { refresh: 'ifDue' }).catch(() => undefined);
    void send('lookForNewPurchases', {}).catch(() => undefined);
  }, []);

  function onAuthState(next: AuthState) {
    setAuth((previous) => {
      if (previous?.storeProblem && !next.storeProblem) setRevalidate((n) => n + 1);
      return next;
    });
    // Signed out: nothing of that account may stay on this machine's popup cache.
    if (!next.signedIn) forgetLastViews();
    void (next.signedIn ? Promise.resolve() : popupCache.clear()).then(() => rememberAuth(next));
  }

  return (
    <div class="popup">
      <header class="popup-header">
        <h1 class="brand">Crate</h1>
        <HostAccessNotice />
        <AccountPanel cached={snapshot.auth} onState={onAuthState} onAsked={() => setAccountAsked(true)} />
        {/* Kept while a cold opening asks for the account it most likely has: its answer then moves nothing. */}
        {(scope || (snapshot.signedInLikely && !accountAsked)) && (
          <CartPicker current={cartName} names={cartNames} onChoose={chooseCart} />
        )}
        {cartProblem && (
          <p class="problem" role="alert">
            {cartProblem}
          </p>
        )}
        {!online && (
          <p class="offline" role="status">
            {i18n.t('popup.offline')}
          </p>
        )}
      </header>
      <PopupTabList
        initialTab={initialTab}
        scope={scope}
        storeUrl={storeUrl}
        cartName={cartName}
        initialCart={snapshot.currentCart === cartName ? snapshot.cart : undefined}
        revalidate={revalidate}
      />
      <ShortcutsHelp />
      {/* The collection is imported on the options page: a file input wants a page that stays open. */}
      <button
        type="button"
        class="link-button collection-link"
        onClick={() => void browser.runtime.openOptionsPage()}
      >
        {i18n.t('collection.popupLink')}
      </button>
      {/* A long list wants a page of its own: pasting, a file chooser and a list of lines. */}
      <button
        type="button"
        class="link-button tracklist-link"
        onClick={() => openTab(browser.runtime.getURL('/tracklist.html'))}
      >
        {i18n.t('tracklist.popupLink')}
      </button>
    </div>
  );
}

interface PopupTabListProps {
  initialTab: PopupTabId;
  scope: ReturnType<typeof scopeOf>;
  storeUrl: string;
  cartName: string;
  initialCart: PopupSnapshot['cart'] | undefined;
  revalidate: number;
}

/** The cart, library, artist and "New for you" tabs; the artist tabs wait for the store's address. */
function PopupTabList({ initialTab, scope, storeUrl, cartName, initialCart, revalidate }: PopupTabListProps) {
  return (
    <PopupTabs<PopupTabId>
      initial={initialTab}
      tabs={[
        {
          id: 'cart',
          label: i18n.t('popup.tabs.cart'),
          render: () => (
            <CartTab
              scope={scope}
              storeUrl={storeUrl}
              cartName={cartName}
              initial={initialCart}
              revalidate={revalidate}
            />
          ),
        },
        {
          id: 'library',
          label: i18n.t('popup.tabs.library'),
          render: () => <LibraryTab scope={scope} storeUrl={storeUrl} revalidate={revalidate} />,
        },
        {
          id: 'artists',
          label: i18n.t('popup.tabs.artists'),
          render: () =>
            storeUrl ? (
              <ArtistsTab storeUrl={storeUrl} revalidate={revalidate} />
            ) : (
              <p aria-busy="true">{i18n.t('popup.checkingStore')}</p>
            ),
        },
        {
          id: 'new',
          label: i18n.t('popup.tabs.newForYou'),
          render: () =>
            storeUrl ? (
              <NewForYouTab storeUrl={storeUrl} revalidate={revalidate} />
            ) : (
              <p aria-busy="true">{i18n.t('popup.checkingStore')}</p>
            ),
        },
      ]}
    />
  );
}
