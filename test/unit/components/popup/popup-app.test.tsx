// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '../../../../components/popup/popup-app.tsx';
import { loadPopupSnapshot, rememberShownCart } from '../../../../lib/popup/popup-snapshot.ts';
import { signedOutState } from '../../../../lib/storage/cart-state.ts';
import { cartNamesSetting, cartStateItem, currentCartSetting } from '../../../../lib/storage/items.ts';
import { popupCache } from '../../../../lib/storage/popup-cache.ts';
import {
  cartItem,
  cartOf,
  fakeBackground,
  scope,
  signedIn,
  signedOut,
  storeDown,
  storeUrl,
} from '../../../helpers/popup-fixtures.ts';

beforeEach(async () => {
  fakeBrowser.reset();
  await popupCache.clear();
});
afterEach(cleanup);

async function renderPopup() {
  return render(<PopupApp snapshot={await loadPopupSnapshot()} />);
}

describe('the popup', () => {
  it('paints the last known account and cart before the background answers', async () => {
    await popupCache.put(null, 'auth', signedIn);
    await rememberShownCart(scope, 'default', {
      value: cartOf([cartItem(1), cartItem(2)]),
      savedAt: Date.now(),
    });
    fakeBackground({});
    await renderPopup();
    expect(screen.getByText(/^Signed in as/).textContent).toBe('Signed in as demo');
    expect(screen.getByText('2 items: 2 tracks, 0 releases')).toBeTruthy();
    expect(screen.getByText('Refreshing…')).toBeTruthy();
  });

  it.each([
    [true, 'keeps the cart picker'],
    [false, 'shows no cart picker'],
  ])(
    'with nothing kept, the pages saying signed in %s: %s while it asks for the account',
    async (pagesSignedIn) => {
      await cartStateItem.setValue({ [storeUrl]: { ...signedOutState('default'), signedIn: pagesSignedIn } });
      let answer: (state: typeof signedIn) => void = () => {};
      fakeBackground({
        getAuthState: () => new Promise((resolve) => (answer = resolve)),
        viewCart: () => cartOf([]),
      });
      await renderPopup();
      expect(screen.getByText('Checking the store…')).toBeTruthy();
      expect(screen.queryByRole('combobox', { name: 'Cart' }) !== null).toBe(pagesSignedIn);
      answer(pagesSignedIn ? signedIn : signedOut);
      expect(
        await screen.findByRole('button', { name: pagesSignedIn ? 'Sign out' : 'Sign in' }),
      ).toBeTruthy();
      expect(screen.queryByRole('combobox', { name: 'Cart' }) !== null).toBe(pagesSignedIn);
      // The answer is remembered for the next opening: written before the next test clears the cache.
      await waitFor(async () =>
        expect((await popupCache.get<typeof signedIn>(null, 'auth'))?.value.signedIn).toBe(pagesSignedIn),
      );
    },
  );

  it('with nothing kept and the pages saying signed in, takes the cart picker away when the account cannot be asked', async () => {
    await cartStateItem.setValue({ [storeUrl]: { ...signedOutState('default'), signedIn: true } });
    // Asked again after a failure (account-panel.tsx): the store stays down for both.
    let down: (error: typeof storeDown) => void = () => {};
    const storeGoesDown = new Promise<never>((_, reject) => (down = reject));
    fakeBackground({ getAuthState: () => storeGoesDown });
    await renderPopup();
    expect(screen.getByRole('combobox', { name: 'Cart' })).toBeTruthy();
    down(storeDown);
    expect((await screen.findByRole('alert')).textContent).toBe(storeDown.message);
    expect(screen.queryByRole('combobox', { name: 'Cart' })).toBeNull();
  });

  it('shows the current cart and switches to another remembered one', async () => {
    await cartNamesSetting.setValue(['default', 'crate']);
    const sent = fakeBackground({
      getAuthState: () => signedIn,
      viewCart: ({ name }: { name: string }) => cartOf(name === 'crate' ? [cartItem(9)] : [], name),
      setCurrentCart: ({ name }: { name: string }) => ({ current: name, names: [name, 'default'] }),
    });
    await renderPopup();
    const picker = (await screen.findByRole('combobox', { name: 'Cart' })) as HTMLSelectElement;
    expect(picker.value).toBe('default');
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    fireEvent.change(picker, { target: { value: 'crate' } });
    expect(await screen.findByText('1 item: 1 track, 0 releases')).toBeTruthy();
    expect(sent.find((message) => message.kind === 'setCurrentCart')?.payload).toEqual({ name: 'crate' });
  });

  it('creates a named cart and makes it current', async () => {
    const sent = fakeBackground({
      getAuthState: () => signedIn,
      viewCart: ({ name }: { name: string }) => cartOf([], name),
      setCurrentCart: ({ name }: { name: string }) => ({ current: name, names: [name, 'default'] }),
    });
    await renderPopup();
    fireEvent.click(await screen.findByRole('button', { name: 'New cart' }));
    fireEvent.input(screen.getByLabelText('New cart name'), { target: { value: '  friday set  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Cart "friday set" is empty')).toBeTruthy();
    expect(sent.find((message) => message.kind === 'setCurrentCart')?.payload).toEqual({
      name: 'friday set',
    });
    expect((screen.getByRole('combobox', { name: 'Cart' }) as HTMLSelectElement).value).toBe('friday set');
  });

  it('refuses a cart name the store would refuse', async () => {
    fakeBackground({ getAuthState: () => signedIn, viewCart: () => cartOf([]) });
    await renderPopup();
    fireEvent.click(await screen.findByRole('button', { name: 'New cart' }));
    fireEvent.input(screen.getByLabelText('New cart name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('alert').textContent).toBe('Give the cart a name.');
    expect(await currentCartSetting.getValue()).toBe('default');
  });

  it('forgets the cached account data when signed out', async () => {
    await popupCache.put(null, 'auth', signedIn);
    await popupCache.put(scope, 'cart:default', cartOf([cartItem(1)]));
    fakeBackground({ getAuthState: () => signedOut });
    await renderPopup();
    expect(await screen.findByText('Sign in to see your cart')).toBeTruthy();
    await waitFor(async () => expect(await popupCache.get(scope, 'cart:default')).toBeUndefined());
    expect((await popupCache.get(null, 'auth'))?.value).toMatchObject({ signedIn: false });
  });

  it('says when the browser is offline', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      fakeBackground({ getAuthState: () => signedIn, viewCart: () => cartOf([]) });
      await renderPopup();
      expect(await screen.findByText(/^You are offline/)).toBeTruthy();
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    }
  });

  it('moves between tabs with the arrow keys', async () => {
    fakeBackground({ getAuthState: () => signedOut });
    await renderPopup();
    const cart = screen.getByRole('tab', { name: 'Cart' });
    cart.focus();
    fireEvent.keyDown(cart, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Library' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Library' }));
    expect(screen.getByText('Sign in to see your downloads')).toBeTruthy();
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'New for you' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Cart' }).getAttribute('aria-selected')).toBe('true');
  });
});
