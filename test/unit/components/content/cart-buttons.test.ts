// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createCartButtons,
  drawCartButtons,
  type Phase,
} from '../../../../components/content/cart-buttons.ts';
import { type CartControlOptions, createCartControl } from '../../../../components/content/cart-control.ts';
import { listenForPresses } from '../../../../components/content/control-host.ts';
import type { CartActions } from '../../../../lib/content/cart-actions.ts';
import type { PageItem } from '../../../../lib/content/decorate.ts';
import { createItemStates, type ItemStatus } from '../../../../lib/content/item-state.ts';
import type { CartState } from '../../../../lib/storage/cart-state.ts';
import { getMessageFrom, readLocale } from '../../../helpers/locales.ts';

let controller = new AbortController();
afterEach(() => {
  document.body.replaceChildren();
  controller.abort();
  controller = new AbortController();
});

const track: PageItem = {
  type: 'track',
  id: 42,
  title: 'Strobe',
  free: false,
  price: '$1.49',
  bpm: 128,
  key: 'F# Minor',
};
const ready: Phase = { step: 'ready' };
const status = (change: Partial<ItemStatus> = {}): ItemStatus => ({
  signedIn: true,
  inCart: null,
  owned: false,
  // Owned in formats not known unless a test says which.
  ownedFormats: change.owned ? null : [],
  defaultFormat: 'wav',
  keyNotation: 'musical',
  currentCart: 'default',
  inCollection: null,
  ...change,
});
function draw(item: PageItem, itemStatus: ItemStatus, phase: Phase = ready): HTMLFieldSetElement {
  const fieldset = createCartButtons(item);
  document.body.append(fieldset);
  drawCartButtons(fieldset, { item, status: itemStatus, phase });
  return fieldset;
}
/** A control as a page has it: its presses through the page's one click listener (control-host.ts). */
function mount({ isTrusted, ...options }: CartControlOptions & { isTrusted?: (event: Event) => boolean }) {
  const control = createCartControl(options);
  listenForPresses(new WeakMap([[control.element, control]]), controller.signal, isTrusted);
  document.body.append(control.element);
}
const button = (name: string | RegExp) => screen.getByRole('button', { name });
/** What the control shows, in order: the format group's buttons (and its fold toggle) one by one. */
const shown = (fieldset: HTMLFieldSetElement) =>
  [...fieldset.children]
    .flatMap((child) => (child.classList.contains('formats') ? [...child.children] : [child]))
    .map((child) => child.textContent);

describe("in the DJ's language", () => {
  const speak = (language: string) => {
    fakeBrowser.i18n.getMessage = getMessageFrom(readLocale(language)) as typeof fakeBrowser.i18n.getMessage;
  };
  const priced = {
    ...track,
    price: '1,49\u00a0$',
    prices: { mp3: '1,49\u00a0$', wav: '2,49\u00a0$', aiff: '2,49\u00a0$' },
  };

  it('names and labels every button in German, the formats and DJ words left as they are', () => {
    speak('de');
    const fieldset = draw(priced, status({ owned: true, ownedFormats: ['mp3'] }));
    expect(shown(fieldset)).toEqual([
      '128 BPM · F# min',
      'Gekauft: MP3',
      'MP3 1,49\u00a0$',
      'WAV holen 2,49\u00a0$',
      'AIFF holen 2,49\u00a0$',
      '▾',
    ]);
    expect(button('„Strobe“ als WAV holen (gekauft als MP3), 2,49\u00a0$')).toBeTruthy();
    drawCartButtons(fieldset, { item: priced, status: status({ inCart: 'wav' }), phase: ready });
    expect(button('„Strobe“ liegt als WAV im Warenkorb')).toBeTruthy();
    expect(button('„Strobe“ aus dem Warenkorb nehmen')).toBeTruthy();
    expect(shown(fieldset)).toContain('Im Warenkorb');
  });

  it('asks before buying again in Spanish, with the price in the locale', () => {
    speak('es');
    const fieldset = draw(priced, status({ owned: true, ownedFormats: ['mp3'] }), {
      step: 'confirmOwned',
      format: 'wav',
    });
    expect(fieldset.querySelector('.question')?.textContent).toBe(
      'Ya lo tienes en MP3: ¿comprar WAV otra vez por 1,49\u00a0$ más el recargo de WAV?',
    );
    expect(shown(fieldset)).toContain('Añadir igual');
    expect(shown(fieldset)).toContain('Cancelar');
  });
});

describe('every state of the control', () => {
  it('offers the three formats with the default emphasised', () => {
    draw(track, status());
    for (const format of ['MP3', 'WAV', 'AIFF'])
      expect(button(`Add "Strobe" to cart as ${format}`)).toBeTruthy();
    expect(button('Add "Strobe" to cart as WAV').className).toBe('default');
    expect(button('Add "Strobe" to cart as MP3').className).toBe('');
  });

  it('redraws in place: the focused button stays, and stays focused', () => {
    const fieldset = draw(track, status());
    const wav = button('Add "Strobe" to cart as WAV');
    wav.focus();
    drawCartButtons(fieldset, { item: track, status: status({ inCart: 'wav', owned: true }), phase: ready });
    expect(button('"Strobe" is in the cart as WAV')).toBe(wav);
    expect(document.activeElement).toBe(wav);
    expect(shown(fieldset)).toEqual(['128 BPM · F# min', 'Owned', 'In cart', 'MP3', 'WAV', 'AIFF', '▾', '✕']);
    drawCartButtons(fieldset, { item: track, status: status(), phase: ready });
    expect(shown(fieldset)).toEqual(['128 BPM · F# min', 'MP3', 'WAV', 'AIFF', '▾']);
    expect(wav.getAttribute('aria-pressed')).toBeNull();
  });

  it('shows each format with its price from the row, in its name too, and a fold toggle for narrow cards', () => {
    const priced = { ...track, prices: { mp3: '$1.49', wav: '$2.49', aiff: '$2.49' } };
    const fieldset = draw(priced, status());
    expect(shown(fieldset)).toEqual(['128 BPM · F# min', 'MP3 $1.49', 'WAV $2.49', 'AIFF $2.49', '▾']);
    expect(button('Add "Strobe" to cart as WAV, $2.49')).toBeTruthy();
    // The lead format (the default here) stays when the group folds; the toggle opens the others.
    expect(button('Add "Strobe" to cart as WAV, $2.49').hasAttribute('data-lead')).toBe(true);
    expect(button('Add "Strobe" to cart as MP3, $1.49').hasAttribute('data-lead')).toBe(false);
    const more = button('More formats of "Strobe"');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    drawCartButtons(fieldset, { item: priced, status: status({ inCart: 'aiff' }), phase: ready });
    expect(button('"Strobe" is in the cart as AIFF').hasAttribute('data-lead')).toBe(true);
    expect(button('Change "Strobe" to WAV, $2.49')).toBeTruthy();
  });

  it('offers the formats the row marks: one the extension never heard of, and none it leaves out', () => {
    const priced = { ...track, prices: { mp3: '$1.49', aiff: '$2.49', ogg: '$1.99' } };
    const fieldset = draw(priced, status({ defaultFormat: 'ogg' }));
    expect(shown(fieldset)).toEqual(['128 BPM · F# min', 'MP3 $1.49', 'AIFF $2.49', 'OGG $1.99', '▾']);
    expect(button('Add "Strobe" to cart as OGG, $1.99').className).toBe('default');
    expect(screen.queryByRole('button', { name: /as WAV/ })).toBeNull();
  });

  it('emphasises the first format the row offers when the default one is not sold there', () => {
    const priced = { ...track, prices: { mp3: '$1.49', aiff: '$2.49' } };
    draw(priced, status({ defaultFormat: 'wav' }));
    expect(button('Add "Strobe" to cart as MP3, $1.49').className).toBe('default');
    expect(button('Add "Strobe" to cart as MP3, $1.49').hasAttribute('data-lead')).toBe(true);
  });

  it('gives every control its own buttons, cloned from one template', () => {
    const first = draw(track, status());
    const other = draw({ ...track, id: 43, title: 'Arp' }, status({ inCart: 'mp3' }));
    expect(button('More formats of "Arp"')).not.toBe(button('More formats of "Strobe"'));
    expect(button('"Arp" is in the cart as MP3').getAttribute('aria-pressed')).toBe('true');
    expect(button('Add "Strobe" to cart as MP3').hasAttribute('aria-pressed')).toBe(false);
    expect(first.querySelectorAll('button[data-format]')).toHaveLength(3);
    expect(other.querySelectorAll('button[data-format]')).toHaveLength(3);
  });

  it("opens and closes the folded formats with the person's clicks", () => {
    mount({
      item: track,
      states: createItemStates({ cache: cache(), defaultFormat: 'mp3' }),
      actions: actions(),
      isTrusted: () => true,
    });
    const more = button('More formats of "Strobe"');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(more.parentElement?.hasAttribute('data-open')).toBe(true);
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the format an item is in the cart as, the others as changes, and a remove button', () => {
    draw(track, status({ inCart: 'aiff' }));
    expect(screen.getByText('In cart')).toBeTruthy();
    expect(button('"Strobe" is in the cart as AIFF').getAttribute('aria-pressed')).toBe('true');
    expect(button('Change "Strobe" to MP3').getAttribute('aria-pressed')).toBe('false');
    expect(button('Remove "Strobe" from the cart')).toBeTruthy();
  });

  it('marks an owned item and asks before adding it again', () => {
    const fieldset = draw(track, status({ owned: true }));
    expect(screen.getByText('Owned')).toBeTruthy();
    drawCartButtons(fieldset, {
      item: track,
      status: status({ owned: true }),
      phase: { step: 'confirmOwned', format: 'wav' },
    });
    expect(screen.getByText('You already own this: add anyway for $1.49 plus the WAV fee?')).toBeTruthy();
    expect(document.activeElement).toBe(button('Add anyway'));
    expect(button('Cancel')).toBeTruthy();
  });

  it('says which formats are owned, offers the others as upgrades, and asks with the cost', () => {
    const owned = status({ owned: true, ownedFormats: ['mp3'] });
    const fieldset = draw(track, owned);
    expect(shown(fieldset)).toEqual(['128 BPM · F# min', 'Owned: MP3', 'MP3', 'Get WAV', 'Get AIFF', '▾']);
    expect(button('Add "Strobe" to cart as MP3').hasAttribute('data-owned')).toBe(true);
    expect(button('Get "Strobe" as WAV (owned as MP3)').hasAttribute('data-owned')).toBe(false);
    drawCartButtons(fieldset, { item: track, status: owned, phase: { step: 'confirmOwned', format: 'mp3' } });
    expect(screen.getByText('You own this as MP3: buy MP3 again for $1.49?')).toBeTruthy();
    // No price on the row: the question says nothing of cost rather than something wrong.
    drawCartButtons(fieldset, {
      item: { ...track, price: null },
      status: status({ owned: true, ownedFormats: ['mp3', 'wav'] }),
      phase: { step: 'confirmOwned', format: 'wav' },
    });
    expect(screen.getByText('You own this as MP3, WAV: buy WAV again?')).toBeTruthy();
  });

  it('shows the tempo and the key in the chosen notation, and a dash for what the row lacks', () => {
    const fieldset = draw(track, status({ keyNotation: 'camelot' }));
    expect(fieldset.children[0]?.textContent).toBe('128 BPM · 11A');
    drawCartButtons(fieldset, { item: track, status: status({ keyNotation: 'openKey' }), phase: ready });
    expect(fieldset.children[0]?.textContent).toBe('128 BPM · 4m');
    drawCartButtons(fieldset, {
      item: { ...track, bpm: null, key: 'H major' },
      status: status(),
      phase: ready,
    });
    expect(fieldset.children[0]?.textContent).toBe('– BPM · –');
  });

  it('says which crate adds go to when it is not the store cart', () => {
    const fieldset = draw(track, status({ currentCart: 'friday' }));
    expect(screen.getByText('To: friday').title).toBe('Adds go to the crate "friday"');
    drawCartButtons(fieldset, { item: track, status: status(), phase: ready });
    expect(screen.queryByText(/^To:/)).toBeNull();
  });

  it('offers a free download for a promotional track instead of formats', () => {
    draw({ ...track, free: true }, status());
    expect(button('Free download of "Strobe"').textContent).toBe('Free download');
    expect(screen.queryByRole('button', { name: /to cart as/ })).toBeNull();
  });

  it('says when the person is signed out', () => {
    draw(track, status({ signedIn: false }));
    expect(screen.getByRole('group').getAttribute('data-state')).toBe('signedOut');
    expect(button('Add "Strobe" to cart as MP3').title).toMatch(/Sign in/);
  });

  it('is disabled with a spinner while working', () => {
    draw(track, status(), { step: 'working' });
    expect(button('Add "Strobe" to cart as WAV').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('status', { name: 'Working…' })).toBeTruthy();
  });

  it('shows a failure with a retry', () => {
    draw(track, status(), { step: 'failed', message: 'The store is busy.' });
    expect(screen.getByRole('alert').textContent).toBe('The store is busy.');
    expect(button('Retry')).toBeTruthy();
  });
});

const cache = (change: Partial<CartState> = {}): CartState => ({
  signedIn: true,
  cartName: 'default',
  cart: {},
  ownedTracks: [],
  ownedReleases: [],
  ...change,
});

function actions(change: Partial<CartActions> = {}): CartActions {
  return {
    add: vi.fn(async () => 'added' as const),
    changeFormat: vi.fn(async () => undefined),
    resolveOverlap: vi.fn(async () => undefined),
    remove: vi.fn(async () => undefined),
    freeDownload: vi.fn(async () => undefined),
    signIn: vi.fn(async () => undefined),
    ...change,
  };
}

describe('clicks', () => {
  it('ignores clicks the browser did not mark as the person’s', async () => {
    const act = actions();
    mount({ item: track, states: createItemStates({ cache: cache(), defaultFormat: 'mp3' }), actions: act });
    fireEvent.click(button('Add "Strobe" to cart as WAV'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(act.add).not.toHaveBeenCalled();
  });

  it("shows the item in the cart from the add's answer, before any storage change says it", async () => {
    const states = createItemStates({ cache: cache(), defaultFormat: 'mp3' });
    mount({ item: track, states, actions: actions(), isTrusted: () => true });
    fireEvent.click(button('Add "Strobe" to cart as WAV'));
    // No states.set: nothing came from storage.
    const pressed = await screen.findByRole('button', { name: '"Strobe" is in the cart as WAV' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(states.status(track).inCart).toBe('wav');
  });

  it('asks before adding an owned track and re-sends with the override on yes', async () => {
    const act = actions();
    const states = createItemStates({ cache: cache({ ownedTracks: [42] }), defaultFormat: 'mp3' });
    mount({ item: track, states, actions: act, isTrusted: () => true });
    fireEvent.click(button('Add "Strobe" to cart as WAV'));
    fireEvent.click(await screen.findByRole('button', { name: 'Add anyway' }));
    await waitFor(() => expect(act.add).toHaveBeenCalledWith(track, 'wav', true));
  });

  it('adds a format not owned of an owned track at once, with the override; an owned one asks', async () => {
    const act = actions();
    const states = createItemStates({
      cache: cache({ ownedTracks: [42], ownedFormats: { 'track:42': ['mp3'] } }),
      defaultFormat: 'mp3',
    });
    mount({ item: track, states, actions: act, isTrusted: () => true });
    expect(screen.getByText('Owned: MP3')).toBeTruthy();
    fireEvent.click(button('Add "Strobe" to cart as MP3'));
    expect(await screen.findByText('You own this as MP3: buy MP3 again for $1.49?')).toBeTruthy();
    expect(act.add).not.toHaveBeenCalled();
    fireEvent.click(button('Cancel'));
    fireEvent.click(button('Get "Strobe" as WAV (owned as MP3)'));
    await waitFor(() => expect(act.add).toHaveBeenCalledWith(track, 'wav', true));
    expect(act.add).toHaveBeenCalledTimes(1);
  });

  it('asks about an overlap, focuses the choice that pays nothing twice, and carries out the answer', async () => {
    const release: PageItem = { type: 'release', id: 7, title: 'Opus', free: false, price: '$9.99' };
    const add = vi.fn<CartActions['add']>(async () => ({
      outcome: 'overlap' as const,
      message: 'This release holds 1 track you own.',
      choices: ['missingOnly', 'addAnyway', 'cancel'],
      safeChoice: 'missingOnly',
    }));
    const act = actions({ add });
    mount({
      item: release,
      states: createItemStates({ cache: cache(), defaultFormat: 'mp3' }),
      actions: act,
      isTrusted: () => true,
    });
    fireEvent.click(button('Add "Opus" to cart as WAV'));
    expect(await screen.findByText('This release holds 1 track you own.')).toBeTruthy();
    expect(document.activeElement).toBe(button('Only the missing tracks'));
    expect(button('Add anyway, pay twice')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Replace' })).toBeNull();
    fireEvent.click(button('Only the missing tracks'));
    await waitFor(() => expect(act.resolveOverlap).toHaveBeenCalledWith(release, 'wav', 'missingOnly'));
    expect(await screen.findByRole('button', { name: 'Add "Opus" to cart as WAV' })).toBeTruthy();
    // Cancel sends nothing.
    fireEvent.click(button('Add "Opus" to cart as MP3'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(act.resolveOverlap).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Add "Opus" to cart as MP3' })).toBeTruthy();
  });

  it('changes the format of an item in the cart, and follows the cache', async () => {
    const act = actions();
    const states = createItemStates({ cache: cache({ cart: { 'track:42': 'mp3' } }), defaultFormat: 'mp3' });
    mount({ item: track, states, actions: act, isTrusted: () => true });
    fireEvent.click(button('Change "Strobe" to AIFF'));
    await waitFor(() => expect(act.changeFormat).toHaveBeenCalledWith(track, 'aiff'));
    states.set({ cache: cache({ cart: { 'track:42': 'aiff' } }) });
    expect(await screen.findByRole('button', { name: '"Strobe" is in the cart as AIFF' })).toBeTruthy();
  });

  it('signs in first when signed out, then adds', async () => {
    const act = actions();
    const states = createItemStates({ cache: null, defaultFormat: 'mp3' });
    mount({ item: track, states, actions: act, isTrusted: () => true });
    fireEvent.click(button('Add "Strobe" to cart as MP3'));
    await waitFor(() => expect(act.add).toHaveBeenCalledWith(track, 'mp3', false));
    expect(act.signIn).toHaveBeenCalledBefore(act.add as never);
  });

  it('shows a failure and retries the same action', async () => {
    const add = vi.fn<CartActions['add']>().mockRejectedValueOnce(new Error('The store is busy.'));
    add.mockResolvedValue('added');
    const act = actions({ add });
    const states = createItemStates({ cache: cache(), defaultFormat: 'mp3' });
    mount({ item: track, states, actions: act, isTrusted: () => true });
    fireEvent.click(button('Add "Strobe" to cart as AIFF'));
    expect((await screen.findByRole('alert')).textContent).toBe('The store is busy.');
    fireEvent.click(button('Retry'));
    await waitFor(() => expect(add).toHaveBeenCalledTimes(2));
    expect(add).toHaveBeenLastCalledWith(track, 'aiff', false);
  });
});
