/**
 * Exports a crate (a cart, a named cart already bought, everything downloaded, or the library
 * entries the filter shows) for a
 * DJ application: rekordbox XML, a Serato crate, Traktor NML or an M3U8 playlist (Engine DJ,
 * VirtualDJ, Mixxx), saved with the browser's downloads; the last format chosen is offered first. Tracks whose file is
 * not on disk, and a cart's items not bought yet, are listed as missing, never silently left out.
 * Loaded only when asked for (crate-export-button.tsx).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { defaultCartName } from '../../../lib/contract/cart-name.ts';
import type { CartItem, LibraryEntry, PurchasedCrate } from '../../../lib/contract/wire.ts';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { formatCount } from '../../../lib/i18n/intl.ts';
import { plural } from '../../../lib/i18n/plural.ts';
import { keptSetOrder, type SetChoice } from '../../../lib/popup/cart/kept-set-order.ts';
import {
  type ExportChoice,
  exportCrateAs,
  isExportChoice,
  type Outcome,
  type Scope,
} from '../../../lib/popup/crates/crate-export-run.ts';
import { crateFormatInfo, crateFormats } from '../../../lib/popup/crates/crate-formats.ts';
import { loadPurchasedCrates } from '../../../lib/popup/crates/purchased-crates.ts';
import type { EnergyShape } from '../../../lib/set-order/set-order.ts';
import { crateExportFormatSetting, storeUrlSetting } from '../../../lib/storage/items.ts';
import { SetOrderChoice } from '../../set-order/set-order-choice.tsx';

export interface CrateExportDialogProps {
  /** The entries the library's filter shows, or null when it shows everything. */
  selection?: readonly LibraryEntry[] | null;
  /** A cart to export: its name names the crate. */
  cart?: { name: string; items: readonly CartItem[] };
  onClose(): void;
}

/** Where a Serato crate goes, said after the export. */
const seratoSubcrates = '_Serato_/Subcrates';
const seratoFolder = (drive: string | null | undefined) =>
  drive ? `${drive}/${seratoSubcrates}` : i18n.t('popup.export.seratoHome');

/** How each application takes the file in, in one line. */
const howTo = (format: ExportChoice): string =>
  ({
    usbStick: i18n.t('popup.export.howToUsbStick'),
    rekordbox: i18n.t('popup.export.howTo.rekordbox'),
    serato: i18n.t('popup.export.howTo.serato'),
    traktor: i18n.t('popup.export.howTo.traktor'),
    m3u8: i18n.t('popup.export.howTo.m3u8'),
  })[format];

function outcomeLine(outcome: Outcome): string {
  const stick = outcome.format === 'usbStick';
  if (outcome.saved > 0)
    return stick
      ? i18n.t('popup.export.stickOpened')
      : plural('popup.export.exported', outcome.saved, outcome.filename);
  if (outcome.noneChosen === 'selection')
    return stick ? i18n.t('popup.export.stickFilterShowsNone') : i18n.t('popup.export.filterShowsNone');
  if (outcome.noneChosen === 'downloaded')
    return stick ? i18n.t('popup.export.stickNoneDownloaded') : i18n.t('popup.export.noneDownloaded');
  return stick ? i18n.t('popup.export.stickNothing') : i18n.t('popup.export.nothing');
}

/** What the export did: the file, where a Serato crate goes, and what is not in it and why. */
function ExportOutcome({ outcome }: { outcome: Outcome }) {
  return (
    <div role="status">
      <p>{outcomeLine(outcome)}</p>
      {outcome.saved > 0 && outcome.format === 'serato' && (
        <p>{i18n.t('popup.export.moveSerato', [seratoFolder(outcome.drive)])}</p>
      )}
      {outcome.missing.length > 0 && (
        <>
          <p>{i18n.t('popup.export.notInFile', [formatCount(outcome.missing.length)])}</p>
          <ul aria-label={i18n.t('popup.export.missingLabel')}>
            {outcome.missing.map((missing) => (
              <li key={missing.key}>
                {missing.title}: {missing.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * The tracks chosen to begin with: the cart, else what the filter shows, never an empty choice: a
 * filter that shows nothing (after "Download all", "Not on this computer" shows none) falls back to
 * everything downloaded.
 */
const firstScope = (cart: unknown, selection: readonly LibraryEntry[] | null): Scope =>
  cart ? 'cart' : selection && selection.length > 0 ? 'selection' : 'downloaded';

/** A choice of tracks: a scope, or one of the named carts bought (`bought:<index>`). */
type TracksValue = Scope | `bought:${number}`;

/**
 * The named carts already bought, as the store keeps them (GET /order/1/crates), the last list
 * known while the store cannot be reached (lib/popup/crates/purchased-crates.ts).
 */
function usePurchasedCrates(): readonly PurchasedCrate[] {
  const [crates, setCrates] = useState<readonly PurchasedCrate[]>([]);
  useEffect(() => {
    void loadPurchasedCrates(setCrates);
  }, []);
  return crates;
}

/** Which tracks: the cart, a named cart bought, everything downloaded, or what the library's filter shows. */
function TracksChoice({
  value,
  onValue,
  cart,
  bought,
  selection,
}: {
  value: TracksValue;
  onValue(value: TracksValue): void;
  cart: CrateExportDialogProps['cart'];
  bought: readonly PurchasedCrate[];
  selection: CrateExportDialogProps['selection'];
}) {
  return (
    <label class="inline">
      {i18n.t('popup.export.tracks')}
      <select value={value} onChange={(event) => onValue(event.currentTarget.value as TracksValue)}>
        {cart && (
          <option value="cart">
            {cart.name === defaultCartName
              ? plural('popup.export.yourCart', cart.items.length)
              : plural('popup.export.namedCart', cart.items.length, cart.name)}
          </option>
        )}
        {bought.map((crate, index) => (
          <option key={crate.name} value={`bought:${index}`}>
            {plural('popup.export.boughtCrate', crate.items.length, crate.name)}
          </option>
        ))}
        <option value="downloaded">{i18n.t('popup.export.everything')}</option>
        {selection && (
          <option value="selection">
            {i18n.t('popup.export.selection', [formatCount(selection.length)])}
          </option>
        )}
      </select>
    </label>
  );
}

/** The tracks chosen, as a scope and a cart's items: a named cart bought is exported as that cart was. */
function useTracks(
  cart: CrateExportDialogProps['cart'],
  selection: readonly LibraryEntry[] | null,
  setName: (name: string) => void,
) {
  const [tracks, setTracks] = useState<TracksValue>(firstScope(cart, selection));
  const bought = usePurchasedCrates();
  const boughtOf = (value: TracksValue) =>
    value.startsWith('bought:') ? bought[Number(value.slice('bought:'.length))] : undefined;
  const boughtCrate = boughtOf(tracks);
  return {
    tracks,
    bought,
    scope: boughtCrate ? 'cart' : (tracks as Scope),
    items: boughtCrate ? boughtCrate.items : (cart?.items ?? []),
    /** The cart's name, a bought crate's or the cart's: what a kept set order is looked up by. */
    cartName: boughtCrate?.name ?? (tracks === 'cart' ? cart?.name : undefined),
    choose(next: TracksValue) {
      setTracks(next);
      // A bought crate names the file, as a cart does.
      const chosen = boughtOf(next);
      if (chosen) setName(chosen.name);
    },
  };
}

/**
 * Whether the crate is played as a set, in which shape and from and to which tracks: a cart or a
 * bought crate the DJ ordered "As a set" in the cart tab starts in that order (lib/popup/cart/
 * kept-set-order.ts), until the DJ chooses here. Checked again, it comes back as it was last,
 * pins included; a shape chosen keeps the pins.
 */
function useSetChoice(cartName: string | undefined) {
  const [set, setSet] = useState<SetChoice | null>(null);
  const chosen = useRef(false);
  const last = useRef<SetChoice>({ shape: 'build' });
  useEffect(() => {
    if (chosen.current) return;
    if (cartName === undefined) {
      setSet(null);
      return;
    }
    let current = true;
    void storeUrlSetting
      .getValue()
      .then((storeUrl) => keptSetOrder(storeUrl, cartName))
      .then((kept) => {
        if (!current || chosen.current) return;
        if (kept) last.current = kept;
        setSet(kept);
      });
    return () => {
      current = false;
    };
  }, [cartName]);
  const chooseShape = (shape: EnergyShape | null) => {
    chosen.current = true;
    const next = shape === null ? null : set ? { ...set, shape } : last.current;
    if (next) last.current = next;
    setSet(next);
  };
  return [set, chooseShape] as const;
}

export function CrateExportDialog({ selection = null, cart, onClose }: CrateExportDialogProps) {
  const [name, setName] = useState(
    cart && cart.name !== defaultCartName ? cart.name : i18n.t('popup.export.defaultName'),
  );
  const [format, setFormat] = useState<ExportChoice>('rekordbox');
  const {
    tracks,
    choose: chooseTracks,
    bought,
    scope,
    items,
    cartName,
  } = useTracks(cart, selection, setName);
  const [set, chooseShape] = useSetChoice(cartName);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // Opened from a button: the keyboard lands in the dialog, at its first field, and the list
  // under the sheet does not scroll to it (Firefox would).
  const sheet = useRef<HTMLDivElement>(null);
  useEffect(() => sheet.current?.querySelector('input')?.focus({ preventScroll: true }), []);

  // The last format, unless the person picked one before storage answered.
  const picked = useRef(false);
  useEffect(() => {
    void crateExportFormatSetting.getValue().then((last) => {
      if (!picked.current && isExportChoice(last)) setFormat(last);
    });
  }, []);

  function choose(next: ExportChoice) {
    picked.current = true;
    setFormat(next);
    void crateExportFormatSetting.setValue(next);
  }

  async function exportCrate() {
    setBusy(true);
    setProblem(null);
    setOutcome(null);
    try {
      const crate = name.trim() || i18n.t('popup.export.defaultName');
      setOutcome(await exportCrateAs(format, crate, scope, selection, items, set));
    } catch (caught) {
      setProblem(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div
      class="crate-export"
      role="dialog"
      aria-label={i18n.t('popup.export.label')}
      ref={sheet}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <label class="inline">
        {i18n.t('popup.export.name')}
        <input value={name} maxLength={100} onInput={(event) => setName(event.currentTarget.value)} />
      </label>
      <TracksChoice value={tracks} onValue={chooseTracks} cart={cart} bought={bought} selection={selection} />
      <SetOrderChoice shape={set?.shape ?? null} onShape={chooseShape} />
      <label class="inline">
        {i18n.t('popup.export.format')}
        <select value={format} onChange={(event) => choose(event.currentTarget.value as ExportChoice)}>
          {crateFormats.map((value) => (
            <option key={value} value={value}>
              {crateFormatInfo[value].label}
            </option>
          ))}
          <option value="usbStick">{i18n.t('popup.export.usbStick')}</option>
        </select>
      </label>
      <p class="hint">{howTo(format)}</p>
      <button type="button" disabled={busy} onClick={() => void exportCrate()}>
        {i18n.t('popup.export.export')}
      </button>
      <button type="button" onClick={onClose}>
        {i18n.t('popup.export.close')}
      </button>
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      {outcome && <ExportOutcome outcome={outcome} />}
    </div>
  );
}
