/**
 * The control the content script puts on every track and release of the store's pages: MP3, WAV
 * and AIFF buttons (the default format emphasised), and the item's state: in the cart (in which
 * format, with a remove button), owned (adding asks first), a free promotional download, working,
 * or failed with a retry. `drawCartButtons` draws a state; `createCartControl` runs the clicks.
 *
 * Plain DOM rather than Preact, unlike the popup: a store page builds a control for every row it
 * shows, and this is the code the page waits for (README, "Content script"). A redraw updates the
 * elements in place and never moves one that stays, so keyboard focus stays on its button.
 *
 * Only clicks the browser marks as the person's (`isTrusted`) act: the page can reach this open
 * shadow root and call `.click()`, and that must change nothing.
 */

import { i18n } from '#i18n';
import type { AskOverlap, CartActions } from '../../lib/content/cart-actions.ts';
import type { PageItem } from '../../lib/content/decorate.ts';
import { type ItemStates, type ItemStatus, sameStatus } from '../../lib/content/item-state.ts';
import { audioFormats, isAudioFormat } from '../../lib/contract/audio-formats.ts';
import { formatKey, parseKey } from '../../lib/contract/musical-key.ts';
import type { AudioFormat } from '../../lib/contract/wire.ts';
import type { OverlapChoice } from '../../lib/protocol/messages.ts';

export type Phase =
  | { step: 'ready' }
  | { step: 'working' }
  | { step: 'confirmOwned'; format: AudioFormat }
  /** A recording in the DJ's collection: asked before it goes to the cart. */
  | { step: 'confirmCollection'; format: AudioFormat }
  | ({ step: 'overlap'; format: AudioFormat } & Omit<AskOverlap, 'outcome'>)
  | { step: 'failed'; message: string };

/** What a button asks for; the control's one click listener reads it from the button. */
type ButtonAction =
  | { action: 'format'; format: AudioFormat }
  | { action: 'choose'; choice: OverlapChoice }
  | { action: 'remove' | 'freeDownload' | 'confirm' | 'cancel' | 'retry' | 'more' };

export interface CartButtonsState {
  item: PageItem;
  status: ItemStatus;
  phase: Phase;
}

const label = (format: AudioFormat) => format.toUpperCase();

const labels = (formats: readonly AudioFormat[]) => formats.map(label).join(', ');

/** Whether a format is one the item is owned in; formats not known count as owned (ask first). */
const ownsFormat = (status: ItemStatus, format: AudioFormat): boolean =>
  status.owned && (status.ownedFormats === null || status.ownedFormats.includes(format));

/** An owned item in a format it is not owned in: an upgrade, bought without asking. */
const isUpgrade = (status: ItemStatus, format: AudioFormat): boolean =>
  status.owned && !ownsFormat(status, format);

function formatButtonName(item: PageItem, format: AudioFormat, status: ItemStatus): string {
  const { inCart } = status;
  const { title } = item;
  const price = item.prices?.[format];
  const cost = price ? `, ${price}` : '';
  if (inCart === format) return `"${title}" is in the cart as ${label(format)}`;
  if (inCart !== null) return `Change "${title}" to ${label(format)}${cost}`;
  if (isUpgrade(status, format))
    return `Get "${title}" as ${label(format)} (owned as ${labels(status.ownedFormats ?? [])})${cost}`;
  return `Add "${title}" to cart as ${label(format)}${cost}`;
}

/** What buying an owned item again costs, as far as the row tells: its base (MP3) price. */
function ownedQuestion(item: PageItem, status: ItemStatus, format: AudioFormat): string {
  const cost =
    item.price === null
      ? ''
      : ` for ${item.price}${format === 'mp3' ? '' : ` plus the ${label(format)} fee`}`;
  if (status.ownedFormats === null || status.ownedFormats.length === 0)
    return `You already own this: add anyway${cost}?`;
  return `You own this as ${labels(status.ownedFormats)}: buy ${label(format)} again${cost}?`;
}

const choiceLabels: Record<OverlapChoice, string> = {
  missingOnly: 'Only the missing tracks',
  replace: 'Replace',
  addAnyway: 'Add anyway, pay twice',
  cancel: 'Cancel',
};

/** Sets or removes an attribute: `null` removes it. */
function attribute(element: Element, name: string, value: string | null): void {
  if (value === null) element.removeAttribute(name);
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** The elements of one control, made when first shown and kept while the control lives. */
type Parts = Map<string, HTMLElement>;
const partsOf = new WeakMap<HTMLFieldSetElement, Parts>();

function part(parts: Parts, key: string, make: () => HTMLElement): HTMLElement {
  let element = parts.get(key);
  if (!element) {
    element = make();
    parts.set(key, element);
  }
  return element;
}

function span(className: string, text = ''): HTMLElement {
  const element = document.createElement('span');
  element.className = className;
  element.textContent = text;
  return element;
}

function button(action: string, text: string, className = ''): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.dataset.action = action;
  element.textContent = text;
  if (className) element.className = className;
  return element;
}

/**
 * Puts exactly `wanted` into `parent`, in order. Elements that stay are never moved (moving the
 * focused button would drop the focus): the others are removed and the new ones inserted.
 */
function reconcile(parent: Element, wanted: HTMLElement[]): void {
  const keep = new Set<Element>(wanted);
  for (const child of [...parent.children]) if (!keep.has(child)) child.remove();
  wanted.forEach((element, index) => {
    const current = parent.children[index] ?? null;
    if (current !== element) parent.insertBefore(element, current);
  });
}

/** The control's outer element: a group named for the item. */
export function createCartButtons(item: PageItem): HTMLFieldSetElement {
  const fieldset = document.createElement('fieldset');
  fieldset.className = 'control';
  fieldset.setAttribute('aria-label', `Crate: ${item.title}`);
  return fieldset;
}

/** Draws one state of the control into `fieldset` (made by createCartButtons), in place. */
export function drawCartButtons(
  fieldset: HTMLFieldSetElement,
  { item, status, phase }: CartButtonsState,
): void {
  let parts = partsOf.get(fieldset);
  if (!parts) {
    parts = new Map();
    partsOf.set(fieldset, parts);
  }
  const working = phase.step === 'working';
  const disabled = working ? 'true' : null;
  const wanted: HTMLElement[] = [];
  fieldset.dataset.state = phase.step !== 'ready' ? phase.step : status.signedIn ? 'ready' : 'signedOut';

  if (item.type === 'track' && !item.free && (item.bpm !== undefined || item.key !== undefined)) {
    // The row's tempo and key, the key in the person's notation; a dash for what the row lacks.
    const key = parseKey(item.key);
    const text = `${item.bpm ? `${item.bpm} BPM` : '– BPM'} · ${key ? formatKey(key, status.keyNotation) : '–'}`;
    const facts = part(parts, 'facts', () => span('mark facts'));
    if (facts.textContent !== text) facts.textContent = text;
    wanted.push(facts);
  }
  if (status.signedIn && status.currentCart !== 'default' && !item.free) {
    // Adds go to a crate chosen in the popup, not the store's cart: say which.
    const crate = part(parts, 'crate', () => span('mark crate'));
    const text = `To: ${status.currentCart}`;
    if (crate.textContent !== text) {
      crate.textContent = text;
      crate.title = `Adds go to the crate "${status.currentCart}"`;
    }
    wanted.push(crate);
  }
  if (status.owned) {
    const owned = part(parts, 'owned', () => span('mark owned'));
    const text = status.ownedFormats?.length ? `Owned: ${labels(status.ownedFormats)}` : 'Owned';
    if (owned.textContent !== text) owned.textContent = text;
    wanted.push(owned);
  }
  if (status.inCollection !== null) {
    const mark = part(parts, 'collection', () => span('mark in-collection'));
    const text = i18n.t('collection.mark', [status.inCollection]);
    if (mark.textContent !== text) mark.textContent = text;
    wanted.push(mark);
  }
  if (status.inCart) wanted.push(part(parts, 'inCart', () => span('mark in-cart', 'In cart')));
  if (phase.step === 'overlap') {
    const question = part(parts, 'question', () => span('question'));
    if (question.textContent !== phase.message) question.textContent = phase.message;
    wanted.push(question);
    for (const choice of phase.choices) {
      wanted.push(
        part(parts, `choice-${choice}`, () => {
          const made = button('choose', choiceLabels[choice]);
          made.dataset.choice = choice;
          return made;
        }),
      );
    }
  } else if (phase.step === 'confirmOwned' || phase.step === 'confirmCollection') {
    const question = part(parts, 'question', () => span('question'));
    const asked =
      phase.step === 'confirmOwned'
        ? ownedQuestion(item, status, phase.format)
        : i18n.t('collection.question', [status.inCollection ?? '']);
    if (question.textContent !== asked) question.textContent = asked;
    const confirm = part(parts, 'confirm', () => button('confirm', 'Add anyway'));
    const confirmText = phase.step === 'confirmOwned' ? 'Add anyway' : i18n.t('collection.buyAnyway');
    if (confirm.textContent !== confirmText) confirm.textContent = confirmText;
    wanted.push(
      question,
      confirm,
      part(parts, 'cancel', () => button('cancel', 'Cancel')),
    );
  } else if (item.free) {
    const free = part(parts, 'free', () => button('freeDownload', 'Free download', 'free'));
    attribute(free, 'aria-label', `Free download of "${item.title}"`);
    attribute(free, 'aria-disabled', disabled);
    wanted.push(free);
  } else {
    // The formats as one group that never wraps: on a narrow card it folds into its lead format
    // (the one in the cart, else the default) and a "more formats" toggle (cart-buttons.css).
    const group = part(parts, 'formats', () => span('formats'));
    const lead = status.inCart ?? status.defaultFormat;
    const formatButtons: HTMLElement[] = [];
    for (const format of audioFormats) {
      const formatButton = part(parts, format, () => {
        const made = button('format', label(format));
        made.dataset.format = format;
        return made;
      });
      attribute(
        formatButton,
        'class',
        status.inCart === null && format === status.defaultFormat ? 'default' : null,
      );
      attribute(formatButton, 'data-lead', format === lead ? '' : null);
      const upgrade = status.inCart === null && isUpgrade(status, format);
      const price = item.prices?.[format];
      const text = `${upgrade ? `Get ${label(format)}` : label(format)}${price ? ` ${price}` : ''}`;
      if (formatButton.textContent !== text) formatButton.textContent = text;
      attribute(formatButton, 'data-owned', status.inCart === null && ownsFormat(status, format) ? '' : null);
      attribute(formatButton, 'aria-label', formatButtonName(item, format, status));
      attribute(
        formatButton,
        'aria-pressed',
        status.inCart === null ? null : String(status.inCart === format),
      );
      attribute(formatButton, 'aria-disabled', disabled);
      attribute(formatButton, 'title', status.signedIn ? null : 'Sign in to Crate to add to your cart');
      formatButtons.push(formatButton);
    }
    const more = part(parts, 'more', () => {
      const made = button('more', '▾', 'more');
      made.setAttribute('aria-label', `More formats of "${item.title}"`);
      made.setAttribute('aria-expanded', 'false');
      return made;
    });
    reconcile(group, [...formatButtons, more]);
    wanted.push(group);
    if (status.inCart) {
      const remove = part(parts, 'remove', () => button('remove', '✕', 'remove'));
      attribute(remove, 'aria-label', `Remove "${item.title}" from the cart`);
      attribute(remove, 'aria-disabled', disabled);
      wanted.push(remove);
    }
  }
  if (working) {
    wanted.push(
      part(parts, 'spinner', () => {
        const spinner = span('spinner');
        spinner.setAttribute('role', 'status');
        spinner.setAttribute('aria-label', 'Working…');
        return spinner;
      }),
    );
  }
  if (phase.step === 'failed') {
    const message = part(parts, 'message', () => {
      const made = span('message');
      made.setAttribute('role', 'alert');
      return made;
    });
    if (message.textContent !== phase.message) message.textContent = phase.message;
    wanted.push(
      message,
      part(parts, 'retry', () => button('retry', 'Retry')),
    );
  }

  const wasConfirming = parts.has('confirm') && parts.get('confirm')?.isConnected;
  const safe = phase.step === 'overlap' ? parts.get(`choice-${phase.safeChoice}`) : undefined;
  const wasAsking = safe?.isConnected;
  reconcile(fieldset, wanted);
  // Asking moves the focus to the answer, as the question replaced the buttons: for an overlap,
  // to the choice that pays for nothing twice.
  if ((phase.step === 'confirmOwned' || phase.step === 'confirmCollection') && !wasConfirming)
    parts.get('confirm')?.focus();
  if (phase.step === 'overlap' && !wasAsking) safe?.focus();
}

/** The action of the button a click landed on, if any. */
function buttonAction(target: EventTarget | null): ButtonAction | null {
  const element = target instanceof Element ? target.closest<HTMLElement>('button[data-action]') : null;
  const action = element?.dataset.action;
  if (action === 'format') {
    const format = element?.dataset.format as AudioFormat;
    return isAudioFormat(format) ? { action, format } : null;
  }
  if (action === 'choose') {
    const choice = element?.dataset.choice as OverlapChoice;
    if (choice === 'cancel') return { action: 'cancel' };
    return choice in choiceLabels ? { action, choice } : null;
  }
  const plain = ['remove', 'freeDownload', 'confirm', 'cancel', 'retry', 'more'] as const;
  return plain.find((name) => name === action) ? { action: action as (typeof plain)[number] } : null;
}

export interface CartControlOptions {
  item: PageItem;
  states: ItemStates;
  actions: CartActions;
  /** Whether an event is the person's own; tests replace it, as they cannot make trusted events. */
  isTrusted?: (event: Event) => boolean;
}

export interface CartControl {
  element: HTMLFieldSetElement;
  /** Stops following the page's item states. */
  destroy(): void;
}

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'That did not work. Try again.';
const isSignedOutError = (error: unknown) => (error as { kind?: unknown } | null)?.kind === 'signedOut';

/** The control for one item: follows the item's status from the page cache and runs the clicks. */
export function createCartControl({
  item,
  states,
  actions,
  isTrusted = (event) => event.isTrusted,
}: CartControlOptions): CartControl {
  const element = createCartButtons(item);
  let status = states.status(item);
  let phase: Phase = { step: 'ready' };
  let retry: () => void = () => undefined;
  const draw = () => drawCartButtons(element, { item, status, phase });
  const setPhase = (next: Phase) => {
    phase = next;
    draw();
  };

  const unsubscribe = states.subscribe(() => {
    const next = states.status(item);
    if (sameStatus(status, next)) return;
    status = next;
    draw();
  });

  /** Runs one action with the working state; a failure shows its message and offers `again`. */
  async function run(work: () => Promise<Phase | undefined>, again: () => void): Promise<void> {
    setPhase({ step: 'working' });
    retry = again;
    try {
      setPhase((await work()) ?? { step: 'ready' });
    } catch (error) {
      setPhase({ step: 'failed', message: errorMessage(error) });
    }
  }

  function add(format: AudioFormat, override: boolean): void {
    void run(
      async () => {
        // Signed out: sign in first (the background opens the store's login window), then add.
        if (!states.status(item).signedIn) await actions.signIn();
        try {
          const outcome = await actions.add(item, format, override);
          if (outcome === 'alreadyPurchased') return { step: 'confirmOwned', format };
          if (outcome === 'added') return undefined;
          const { message, choices, safeChoice } = outcome;
          return { step: 'overlap', format, message, choices, safeChoice };
        } catch (error) {
          // The store ended a session the cache still thought alive: sign in, then add again.
          if (!isSignedOutError(error)) throw error;
          await actions.signIn();
          await actions.add(item, format, override);
          return undefined;
        }
      },
      () => add(format, override),
    );
  }

  function resolve(format: AudioFormat, choice: OverlapChoice): void {
    void run(
      async () => void (await actions.resolveOverlap(item, format, choice)),
      () => resolve(format, choice),
    );
  }

  function remove(): void {
    void run(async () => void (await actions.remove(item)), remove);
  }

  function freeDownload(): void {
    void run(async () => void (await actions.freeDownload(item)), freeDownload);
  }

  function choose(format: AudioFormat, collectionAsked = false): void {
    const current = states.status(item);
    if (current.inCart === format) return;
    // Something bought here asks its own question ("You own this"): one question is enough.
    if (current.inCart === null && current.inCollection !== null && !current.owned && !collectionAsked) {
      setPhase({ step: 'confirmCollection', format });
    } else if (current.inCart !== null) {
      void run(
        async () => void (await actions.changeFormat(item, format)),
        () => choose(format),
      );
    } else if (ownsFormat(current, format)) {
      setPhase({ step: 'confirmOwned', format });
    } else if (current.owned) {
      // Another format of something owned: the store only knows "owned", so it is told this is meant.
      add(format, true);
    } else {
      add(format, false);
    }
  }

  /** Opens or closes the folded formats of a narrow card (only shown there: cart-buttons.css). */
  function toggleMore(): void {
    const group = element.querySelector('.formats');
    const more = element.querySelector('button.more');
    if (!group || !more) return;
    const open = !group.hasAttribute('data-open');
    attribute(group, 'data-open', open ? '' : null);
    more.setAttribute('aria-expanded', String(open));
  }

  // Every button: the person's own click, and nothing while an action runs.
  element.addEventListener('click', (event) => {
    const pressed = buttonAction(event.target);
    if (!pressed || !isTrusted(event) || phase.step === 'working') return;
    switch (pressed.action) {
      case 'format':
        return choose(pressed.format);
      case 'remove':
        return remove();
      case 'freeDownload':
        return freeDownload();
      case 'confirm':
        if (phase.step === 'confirmOwned') add(phase.format, true);
        else if (phase.step === 'confirmCollection') choose(phase.format, true);
        return;
      case 'choose':
        if (phase.step === 'overlap') resolve(phase.format, pressed.choice);
        return;
      case 'cancel':
        return setPhase({ step: 'ready' });
      case 'retry':
        return retry();
      case 'more':
        return toggleMore();
    }
  });

  draw();
  return { element, destroy: unsubscribe };
}
