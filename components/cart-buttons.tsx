/**
 * The control the content script puts on every track and release of the store's pages: MP3, WAV
 * and AIFF buttons (the default format emphasised), and the item's state: in the cart (in which
 * format, with a remove button), owned (adding asks first), a free promotional download, working,
 * or failed with a retry. CartButtons draws a state; CartControl runs the clicks.
 *
 * Only clicks the browser marks as the person's (`isTrusted`) act: the page can reach this open
 * shadow root and call `.click()`, and that must change nothing.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatNames } from '../lib/cart-state.ts';
import type { PageItem } from '../lib/content/decorate.ts';
import type { ItemStates, ItemStatus } from '../lib/content/item-state.ts';
import { sameStatus } from '../lib/content/item-state.ts';
import type { AudioFormat } from '../lib/wire.ts';

export type Phase =
  | { step: 'ready' }
  | { step: 'working' }
  | { step: 'confirmOwned'; format: AudioFormat }
  | { step: 'failed'; message: string };

type Handler = (event: Event) => void;

export interface CartButtonsProps {
  item: PageItem;
  status: ItemStatus;
  phase: Phase;
  /** A format button: adds the item, or changes the format it is in the cart as. */
  onFormat: (format: AudioFormat, event: Event) => void;
  onRemove: Handler;
  onFreeDownload: Handler;
  onConfirm: Handler;
  onCancel: Handler;
  onRetry: Handler;
}

const label = (format: AudioFormat) => format.toUpperCase();

function formatButtonName(title: string, format: AudioFormat, inCart: AudioFormat | null): string {
  if (inCart === null) return `Add "${title}" to cart as ${label(format)}`;
  if (inCart === format) return `"${title}" is in the cart as ${label(format)}`;
  return `Change "${title}" to ${label(format)}`;
}

/** One state of the control, drawn; every button reports to the handlers. */
export function CartButtons({
  item,
  status,
  phase,
  onFormat,
  onRemove,
  onFreeDownload,
  onConfirm,
  onCancel,
  onRetry,
}: CartButtonsProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const confirming = phase.step === 'confirmOwned';
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const working = phase.step === 'working';
  const state = phase.step !== 'ready' ? phase.step : status.signedIn ? 'ready' : 'signedOut';
  return (
    <fieldset class="control" aria-label={`Crate: ${item.title}`} data-state={state}>
      {status.owned && <span class="mark">Owned</span>}
      {status.inCart && <span class="mark in-cart">In cart</span>}
      {confirming ? (
        <>
          <span class="question">You already own this: add anyway?</span>
          <button type="button" ref={confirmRef} onClick={onConfirm}>
            Add anyway
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </>
      ) : item.free ? (
        <button
          type="button"
          class="free"
          aria-label={`Free download of "${item.title}"`}
          aria-disabled={working ? 'true' : undefined}
          onClick={onFreeDownload}
        >
          Free download
        </button>
      ) : (
        <>
          {formatNames.map((format) => (
            <button
              key={format}
              type="button"
              class={status.inCart === null && format === status.defaultFormat ? 'default' : undefined}
              aria-label={formatButtonName(item.title, format, status.inCart)}
              aria-pressed={status.inCart === null ? undefined : status.inCart === format}
              aria-disabled={working ? 'true' : undefined}
              title={status.signedIn ? undefined : 'Sign in to Crate to add to your cart'}
              onClick={(event) => onFormat(format, event)}
            >
              {label(format)}
            </button>
          ))}
          {status.inCart && (
            <button
              type="button"
              class="remove"
              aria-label={`Remove "${item.title}" from the cart`}
              aria-disabled={working ? 'true' : undefined}
              onClick={onRemove}
            >
              ✕
            </button>
          )}
        </>
      )}
      {working && <span class="spinner" role="status" aria-label="Working…" />}
      {phase.step === 'failed' && (
        <>
          <span class="message" role="alert">
            {phase.message}
          </span>
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        </>
      )}
    </fieldset>
  );
}

/** What a click asks of the background (lib/content/cart-actions.ts). */
export interface CartActions {
  /** 'alreadyPurchased' when the store kept an owned item out (its warning flow). */
  add(
    item: PageItem,
    format: AudioFormat,
    alreadyPurchasedOverride: boolean,
  ): Promise<'added' | 'alreadyPurchased'>;
  changeFormat(item: PageItem, format: AudioFormat): Promise<void>;
  remove(item: PageItem): Promise<void>;
  freeDownload(item: PageItem): Promise<void>;
  signIn(): Promise<void>;
}

export interface CartControlProps {
  item: PageItem;
  states: ItemStates;
  actions: CartActions;
  /** Whether an event is the person's own; tests replace it, as they cannot make trusted events. */
  isTrusted?: (event: Event) => boolean;
}

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'That did not work. Try again.';
const isSignedOutError = (error: unknown) => (error as { kind?: unknown } | null)?.kind === 'signedOut';

/** The control for one item: follows the item's status from the page cache and runs the clicks. */
export function CartControl({
  item,
  states,
  actions,
  isTrusted = (event) => event.isTrusted,
}: CartControlProps) {
  const [status, setStatus] = useState(() => states.status(item));
  const [phase, setPhase] = useState<Phase>({ step: 'ready' });
  const retry = useRef<() => void>(() => undefined);

  useEffect(
    () =>
      states.subscribe(() => {
        const next = states.status(item);
        setStatus((current) => (sameStatus(current, next) ? current : next));
      }),
    [states, item],
  );

  /** Runs one action with the working state; a failure shows its message and offers `again`. */
  async function run(work: () => Promise<Phase | undefined>, again: () => void): Promise<void> {
    setPhase({ step: 'working' });
    retry.current = again;
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
          return outcome === 'alreadyPurchased' ? { step: 'confirmOwned', format } : undefined;
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

  function remove(): void {
    void run(async () => void (await actions.remove(item)), remove);
  }

  function freeDownload(): void {
    void run(async () => void (await actions.freeDownload(item)), freeDownload);
  }

  function choose(format: AudioFormat): void {
    const current = states.status(item);
    if (current.inCart === format) return;
    if (current.inCart !== null) {
      void run(
        async () => void (await actions.changeFormat(item, format)),
        () => choose(format),
      );
    } else if (current.owned) {
      setPhase({ step: 'confirmOwned', format });
    } else {
      add(format, false);
    }
  }

  // Every handler: the person's own click, and nothing while an action runs.
  const acting =
    (handler: (event: Event) => void): Handler =>
    (event) => {
      if (!isTrusted(event) || phase.step === 'working') return;
      handler(event);
    };

  return (
    <CartButtons
      item={item}
      status={status}
      phase={phase}
      onFormat={(format, event) => acting(() => choose(format))(event)}
      onRemove={acting(remove)}
      onFreeDownload={acting(freeDownload)}
      onConfirm={acting(() => {
        if (phase.step === 'confirmOwned') add(phase.format, true);
      })}
      onCancel={acting(() => setPhase({ step: 'ready' }))}
      onRetry={acting(() => retry.current())}
    />
  );
}
