/**
 * The press handling of the page's cart buttons: a press (handed over by the page's one click
 * listener, control-host.ts, which lets through only the person's own) is read off the pressed
 * button's action, run through the page's cart actions with a working state, and the outcome drawn
 * (cart-buttons.ts).
 */

import { i18n } from '#i18n';
import type { CartActions } from '../../lib/content/cart-actions.ts';
import type { PageItem } from '../../lib/content/decorate.ts';
import type { ItemStates } from '../../lib/content/item-state.ts';
import { isAudioFormat } from '../../lib/contract/audio-formats.ts';
import { itemKey } from '../../lib/contract/item-key.ts';
import type { AudioFormat } from '../../lib/contract/wire.ts';
import type { OverlapChoice } from '../../lib/protocol/messages.ts';
import { isOverlapChoice, ownsFormat } from './cart-button-labels.ts';
import { createCartButtons, drawCartButtons, type Phase } from './cart-buttons.ts';
import { attribute } from './control-parts.ts';

/** What a button asks for; the control's one click listener reads it from the button. */
type ButtonAction =
  | { action: 'format'; format: AudioFormat }
  | { action: 'choose'; choice: OverlapChoice }
  | { action: 'remove' | 'freeDownload' | 'confirm' | 'cancel' | 'retry' | 'more' };

/** The action of a pressed button, if it has one. */
function buttonAction(element: HTMLElement): ButtonAction | null {
  const action = element.dataset.action;
  if (action === 'format') {
    const format = element.dataset.format as AudioFormat;
    return isAudioFormat(format) ? { action, format } : null;
  }
  if (action === 'choose') {
    const choice = element.dataset.choice;
    if (choice === 'cancel') return { action: 'cancel' };
    return isOverlapChoice(choice) ? { action, choice } : null;
  }
  const plain = ['remove', 'freeDownload', 'confirm', 'cancel', 'retry', 'more'] as const;
  return plain.find((name) => name === action) ? { action: action as (typeof plain)[number] } : null;
}

export interface CartControlOptions {
  item: PageItem;
  states: ItemStates;
  actions: CartActions;
}

export interface CartControl {
  element: HTMLFieldSetElement;
  /** The person pressed `button` (one of this control's, with a `data-action`). */
  press(button: HTMLElement): void;
  /** Stops following the page's item states. */
  destroy(): void;
}

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : i18n.t('content.failed');
const isSignedOutError = (error: unknown) => (error as { kind?: unknown } | null)?.kind === 'signedOut';

/** Opens or closes the folded formats of a narrow card (only shown there: cart-buttons.css). */
function toggleMore(element: HTMLFieldSetElement): void {
  const group = element.querySelector('.formats');
  const more = element.querySelector('button.more');
  if (!group || !more) return;
  const open = !group.hasAttribute('data-open');
  attribute(group, 'data-open', open ? '' : null);
  more.setAttribute('aria-expanded', String(open));
}

/**
 * What the buttons do for one item, each run with the working state: a failure shows its message,
 * and `retry` runs the failed action again.
 */
function itemActions(
  { item, states, actions }: Pick<CartControlOptions, 'item' | 'states' | 'actions'>,
  setPhase: (next: Phase) => void,
) {
  let again: () => void = () => undefined;

  async function run(work: () => Promise<Phase | undefined>, retry: () => void): Promise<void> {
    setPhase({ step: 'working' });
    again = retry;
    try {
      setPhase((await work()) ?? { step: 'ready' });
    } catch (error) {
      setPhase({ step: 'failed', message: errorMessage(error) });
    }
  }

  async function added(format: AudioFormat, override: boolean): Promise<Phase | undefined> {
    // Signed out: sign in first (the background opens the store's login window), then add.
    if (!states.status(item).signedIn) await actions.signIn();
    try {
      const outcome = await actions.add(item, format, override);
      if (outcome === 'alreadyPurchased') return { step: 'confirmOwned', format };
      // Pressed from the answer: the storage change it also brings comes later.
      if (outcome === 'added') return void states.added(item, format);
      const { message, choices, safeChoice } = outcome;
      return { step: 'overlap', format, message, choices, safeChoice };
    } catch (error) {
      // The store ended a session the cache still thought alive: sign in, then add again.
      if (!isSignedOutError(error)) throw error;
      await actions.signIn();
      await actions.add(item, format, override);
      return undefined;
    }
  }

  const act = {
    add: (format: AudioFormat, override: boolean): void =>
      void run(
        () => added(format, override),
        () => act.add(format, override),
      ),
    resolve: (format: AudioFormat, choice: OverlapChoice): void =>
      void run(
        async () => void (await actions.resolveOverlap(item, format, choice)),
        () => act.resolve(format, choice),
      ),
    remove: (): void => void run(async () => void (await actions.remove(item)), act.remove),
    freeDownload: (): void => void run(async () => void (await actions.freeDownload(item)), act.freeDownload),
    choose(format: AudioFormat, collectionAsked = false): void {
      const current = states.status(item);
      if (current.inCart === format) return;
      // Something bought here asks its own question ("You own this"): one question is enough.
      if (current.inCart === null && current.inCollection !== null && !current.owned && !collectionAsked) {
        setPhase({ step: 'confirmCollection', format });
      } else if (current.inCart !== null) {
        void run(
          async () => void (await actions.changeFormat(item, format)),
          () => act.choose(format),
        );
      } else if (ownsFormat(current, format)) {
        setPhase({ step: 'confirmOwned', format });
      } else {
        // Another format of something owned: the store only knows "owned", so it is told this is meant.
        act.add(format, current.owned);
      }
    },
    retry: () => again(),
  };
  return act;
}

/** The control for one item: follows the item's status from the pages' cart state and runs the clicks. */
export function createCartControl({ item, states, actions }: CartControlOptions): CartControl {
  const element = createCartButtons(item);
  let status = states.status(item);
  let phase: Phase = { step: 'ready' };
  const draw = () => drawCartButtons(element, { item, status, phase });
  const setPhase = (next: Phase) => {
    phase = next;
    draw();
  };
  // Made at the first press: most controls on a page are never pressed.
  let made: ReturnType<typeof itemActions> | undefined;

  const key = itemKey(item);
  // Only a change that touched this item (or may have touched any) redraws it, in place.
  const unsubscribe = states.subscribe((changed) => {
    if (changed && !changed.has(key)) return;
    status = states.status(item);
    draw();
  });

  // Nothing while an action runs.
  function press(button: HTMLElement) {
    const pressed = buttonAction(button);
    if (!pressed || phase.step === 'working') return;
    made ??= itemActions({ item, states, actions }, setPhase);
    const act = made;
    switch (pressed.action) {
      case 'format':
        return act.choose(pressed.format);
      case 'remove':
        return act.remove();
      case 'freeDownload':
        return act.freeDownload();
      case 'confirm':
        if (phase.step === 'confirmOwned') act.add(phase.format, true);
        else if (phase.step === 'confirmCollection') act.choose(phase.format, true);
        return;
      case 'choose':
        if (phase.step === 'overlap') act.resolve(phase.format, pressed.choice);
        return;
      case 'cancel':
        return setPhase({ step: 'ready' });
      case 'retry':
        return act.retry();
      case 'more':
        return toggleMore(element);
    }
  }

  draw();
  return { element, press, destroy: unsubscribe };
}
