/**
 * The control the content script puts on every track and release of the store's pages: MP3, WAV
 * and AIFF buttons (the default format emphasised), and the item's state: in the cart (in which
 * format, with a remove button), owned (adding asks first), a free promotional download, working,
 * or failed with a retry. `drawCartButtons` draws a state; cart-control.ts runs the clicks,
 * cart-button-labels.ts words them, control-parts.ts keeps the elements.
 *
 * Plain DOM rather than Preact, unlike the popup: a store page builds a control for every row it
 * shows, and this is the code the page waits for (README, "Content script"). A redraw updates the
 * elements in place and never moves one that stays, so keyboard focus stays on its button.
 */

import { i18n } from '#i18n';
import type { AskOverlap } from '../../lib/content/cart-actions.ts';
import type { PageItem } from '../../lib/content/decorate.ts';
import type { ItemStatus } from '../../lib/content/item-state.ts';
import { audioFormats, formatLabel } from '../../lib/contract/audio-formats.ts';
import { defaultCartName } from '../../lib/contract/cart-name.ts';
import { bpmText, keyText } from '../../lib/contract/track-display.ts';
import type { AudioFormat } from '../../lib/contract/wire.ts';
import {
  choiceLabel,
  formatButtonName,
  isUpgrade,
  labels,
  ownedQuestion,
  ownsFormat,
} from './cart-button-labels.ts';
import { attribute, button, type Parts, part, partsFor, reconcile, span } from './control-parts.ts';

export type Phase =
  | { step: 'ready' }
  | { step: 'working' }
  | { step: 'confirmOwned'; format: AudioFormat }
  /** A recording in the DJ's collection: asked before it goes to the cart. */
  | { step: 'confirmCollection'; format: AudioFormat }
  | ({ step: 'overlap'; format: AudioFormat } & Omit<AskOverlap, 'outcome'>)
  | { step: 'failed'; message: string };

export interface CartButtonsState {
  item: PageItem;
  status: ItemStatus;
  phase: Phase;
}

/** The control's outer element: a group named for the item. */
export function createCartButtons(item: PageItem): HTMLFieldSetElement {
  const fieldset = document.createElement('fieldset');
  fieldset.className = 'control';
  fieldset.setAttribute('aria-label', `Crate: ${item.title}`);
  return fieldset;
}

/** The marks before the buttons: tempo and key, the crate adds go to, owned, in the cart. */
function marks(parts: Parts, { item, status }: CartButtonsState): HTMLElement[] {
  const wanted: HTMLElement[] = [];
  if (item.type === 'track' && !item.free && (item.bpm !== undefined || item.key !== undefined)) {
    // The row's tempo and key, the key in the person's notation; a dash for what the row lacks.
    const facts = part(parts, 'facts', () => span('mark facts'));
    const text = `${bpmText(item.bpm)} · ${keyText(item.key, status.keyNotation)}`;
    if (facts.textContent !== text) facts.textContent = text;
    wanted.push(facts);
  }
  if (status.signedIn && status.currentCart !== defaultCartName && !item.free) {
    // Adds go to a crate chosen in the popup, not the store's cart: say which.
    const crate = part(parts, 'crate', () => span('mark crate'));
    const text = i18n.t('content.toCrate', [status.currentCart]);
    if (crate.textContent !== text) {
      crate.textContent = text;
      crate.title = i18n.t('content.toCrateTitle', [status.currentCart]);
    }
    wanted.push(crate);
  }
  if (status.owned) {
    const owned = part(parts, 'owned', () => span('mark owned'));
    const text = status.ownedFormats?.length
      ? i18n.t('content.ownedAs', [labels(status.ownedFormats)])
      : i18n.t('content.owned');
    if (owned.textContent !== text) owned.textContent = text;
    wanted.push(owned);
  }
  if (status.inCollection !== null) {
    const mark = part(parts, 'collection', () => span('mark in-collection'));
    const text = i18n.t('collection.mark', [status.inCollection]);
    if (mark.textContent !== text) mark.textContent = text;
    wanted.push(mark);
  }
  if (status.inCart) wanted.push(part(parts, 'inCart', () => span('mark in-cart', i18n.t('content.inCart'))));
  return wanted;
}

/** A question in place of the buttons: an overlap's choices, or buying an owned item again. */
function question(parts: Parts, { item, status, phase }: CartButtonsState): HTMLElement[] {
  const asking = part(parts, 'question', () => span('question'));
  if (phase.step === 'overlap') {
    if (asking.textContent !== phase.message) asking.textContent = phase.message;
    const choices = phase.choices.map((choice) =>
      part(parts, `choice-${choice}`, () => {
        const made = button('choose', choiceLabel(choice));
        made.dataset.choice = choice;
        return made;
      }),
    );
    return [asking, ...choices];
  }
  if (phase.step !== 'confirmOwned' && phase.step !== 'confirmCollection') return [];
  const asked =
    phase.step === 'confirmOwned'
      ? ownedQuestion(item, status, phase.format)
      : i18n.t('collection.question', [status.inCollection ?? '']);
  if (asking.textContent !== asked) asking.textContent = asked;
  const confirm = part(parts, 'confirm', () => button('confirm', i18n.t('content.addAnyway')));
  const confirmText =
    phase.step === 'confirmOwned' ? i18n.t('content.addAnyway') : i18n.t('collection.buyAnyway');
  if (confirm.textContent !== confirmText) confirm.textContent = confirmText;
  return [asking, confirm, part(parts, 'cancel', () => button('cancel', i18n.t('content.cancel')))];
}

/**
 * The formats a row offers: those its price marks (the store's list, issue #49), else the formats
 * the store has always sold, for a page that marks none.
 */
const offeredFormats = (item: CartButtonsState['item']): readonly AudioFormat[] =>
  item.prices ? Object.keys(item.prices) : audioFormats;

/**
 * The formats' buttons and the fold toggle, made once per list of formats: every control clones
 * them (one DOM call, not a dozen).
 */
const formatsTemplates = new Map<string, Node>();
function formatsGroup(formats: readonly AudioFormat[]): Node {
  const group = span('formats');
  // More than three formats with their prices fold at a wider container (cart-buttons.css).
  if (formats.length > 3) group.dataset.many = '';
  for (const format of formats) {
    const made = button('format', formatLabel(format));
    made.dataset.format = format;
    group.append(made);
  }
  const more = button('more', '▾', 'more');
  more.setAttribute('aria-expanded', 'false');
  group.append(more);
  return group;
}

/** The DJ's default format where the row offers it, else the row's first (a format the store stopped selling). */
const defaultOffered = (formats: readonly AudioFormat[], wanted: AudioFormat): AudioFormat =>
  formats.includes(wanted) ? wanted : (formats[0] ?? wanted);

/** One format's button: its price, whether it is the lead, owned, in the cart or an upgrade. */
function formatButton(
  made: Element,
  { item, status, phase }: CartButtonsState,
  format: AudioFormat,
  defaultFormat: AudioFormat,
): void {
  const lead = status.inCart ?? defaultFormat;
  attribute(made, 'class', status.inCart === null && format === defaultFormat ? 'default' : null);
  attribute(made, 'data-lead', format === lead ? '' : null);
  const upgrade = status.inCart === null && isUpgrade(status, format);
  const price = item.prices?.[format];
  const name = upgrade ? i18n.t('content.getFormat', [formatLabel(format)]) : formatLabel(format);
  const text = price ? `${name} ${price}` : name;
  if (made.textContent !== text) made.textContent = text;
  attribute(made, 'data-owned', status.inCart === null && ownsFormat(status, format) ? '' : null);
  attribute(made, 'aria-label', formatButtonName(item, format, status));
  attribute(made, 'aria-pressed', status.inCart === null ? null : String(status.inCart === format));
  attribute(made, 'aria-disabled', phase.step === 'working' ? 'true' : null);
  attribute(made, 'title', status.signedIn ? null : i18n.t('content.signInTitle'));
}

/** The buttons: a free download, or the formats (and remove, when in the cart). */
function buttons(parts: Parts, state: CartButtonsState): HTMLElement[] {
  const { item, status, phase } = state;
  const disabled = phase.step === 'working' ? 'true' : null;
  if (item.free) {
    const free = part(parts, 'free', () => button('freeDownload', i18n.t('content.freeDownload'), 'free'));
    attribute(free, 'aria-label', i18n.t('content.freeDownloadOf', [item.title]));
    attribute(free, 'aria-disabled', disabled);
    return [free];
  }
  // The formats as one group that never wraps: on a narrow card it folds into its lead format
  // (the one in the cart, else the default) and a "more formats" toggle (cart-buttons.css).
  const formats = offeredFormats(item);
  const group = part(parts, 'formats', () => {
    const key = formats.join(' ');
    const template = formatsTemplates.get(key) ?? formatsGroup(formats);
    formatsTemplates.set(key, template);
    const made = template.cloneNode(true) as HTMLElement;
    made.lastElementChild?.setAttribute('aria-label', i18n.t('content.moreFormats', [item.title]));
    return made;
  });
  const defaultFormat = defaultOffered(formats, status.defaultFormat);
  for (const [index, format] of formats.entries())
    formatButton(group.children[index] as Element, state, format, defaultFormat);
  if (!status.inCart) return [group];
  const remove = part(parts, 'remove', () => button('remove', '✕', 'remove'));
  attribute(remove, 'aria-label', i18n.t('content.remove', [item.title]));
  attribute(remove, 'aria-disabled', disabled);
  return [group, remove];
}

/** After the buttons: while working, a status for screen readers (the buttons pulse in place: cart-buttons.css), or what failed with a retry. */
function progress(parts: Parts, { phase }: CartButtonsState): HTMLElement[] {
  if (phase.step === 'working') {
    return [
      part(parts, 'spinner', () => {
        const spinner = span('spinner');
        spinner.setAttribute('role', 'status');
        spinner.setAttribute('aria-label', i18n.t('content.working'));
        return spinner;
      }),
    ];
  }
  if (phase.step !== 'failed') return [];
  const message = part(parts, 'message', () => {
    const made = span('message');
    made.setAttribute('role', 'alert');
    return made;
  });
  if (message.textContent !== phase.message) message.textContent = phase.message;
  return [message, part(parts, 'retry', () => button('retry', i18n.t('content.retry')))];
}

/** Draws one state of the control into `fieldset` (made by createCartButtons), in place. */
export function drawCartButtons(fieldset: HTMLFieldSetElement, state: CartButtonsState): void {
  const { status, phase } = state;
  const parts = partsFor(fieldset);
  fieldset.dataset.state = phase.step !== 'ready' ? phase.step : status.signedIn ? 'ready' : 'signedOut';
  const confirming = phase.step === 'confirmOwned' || phase.step === 'confirmCollection';
  const asking = phase.step === 'overlap' || confirming;
  const wanted = [
    ...marks(parts, state),
    ...(asking ? question(parts, state) : buttons(parts, state)),
    ...progress(parts, state),
  ];
  const wasConfirming = parts.get('confirm')?.isConnected;
  const safe = phase.step === 'overlap' ? parts.get(`choice-${phase.safeChoice}`) : undefined;
  const wasAsking = safe?.isConnected;
  reconcile(fieldset, wanted);
  // Asking moves the focus to the answer, as the question replaced the buttons: for an overlap,
  // to the choice that pays for nothing twice.
  if (confirming && !wasConfirming) parts.get('confirm')?.focus();
  if (phase.step === 'overlap' && !wasAsking) safe?.focus();
}
