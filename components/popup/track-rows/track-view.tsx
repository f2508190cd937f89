/**
 * What the popup's track rows share: the release's artwork thumbnail, the BPM and key line in the
 * person's key notation (items.ts, keyNotationSetting), and the sort / BPM range / "harmonic with"
 * controls over a list (lib/popup/track-facts.ts).
 */
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { formatLabel } from '../../../lib/contract/audio-formats.ts';
import { itemKey } from '../../../lib/contract/item-key.ts';
import { allKeys, formatKey, type KeyNotation, parseKey } from '../../../lib/contract/musical-key.ts';
import { bpmText, keyText } from '../../../lib/contract/track-display.ts';
import type { AudioFormat, Image } from '../../../lib/contract/wire.ts';
import type { OwnedFormatsOf } from '../../../lib/popup/cart-overlap.ts';
import { parseBpm, type TrackSort, type TrackView } from '../../../lib/popup/track-facts.ts';
import type { TrackFacts } from '../../../lib/set-order/as-set.ts';
import { type CartState, storeEntry } from '../../../lib/storage/cart-state.ts';
import { cartStateItem, keyNotationSetting } from '../../../lib/storage/items.ts';

/** The key notation setting, kept current while the popup is open. */
export function useKeyNotation(): KeyNotation {
  const [notation, setNotation] = useState<KeyNotation>('musical');
  useEffect(() => {
    void keyNotationSetting.getValue().then(setNotation);
    return keyNotationSetting.watch((value) => setNotation(value ?? 'musical'));
  }, []);
  return notation;
}

/** The owned formats from the pages' cart state the background keeps (lib/storage/cart-state.ts). */
export function useOwnedFormats(storeUrl: string): OwnedFormatsOf {
  const [entry, setEntry] = useState<CartState | null>(null);
  useEffect(() => {
    void cartStateItem.getValue().then((all) => setEntry(storeEntry(all, storeUrl)));
    return cartStateItem.watch((all) => setEntry(storeEntry(all, storeUrl)));
  }, [storeUrl]);
  return (type, id) => {
    if (!entry) return [];
    const owned = (type === 'track' ? entry.ownedTracks : entry.ownedReleases).includes(id);
    return owned ? (entry.ownedFormats?.[itemKey({ type: type, id: id })] ?? null) : [];
  };
}

/** "Owned: MP3", or "Owned" when the formats are not known; nothing when not owned. */
export function OwnedMark({ formats }: { formats: readonly AudioFormat[] | null }) {
  if (formats !== null && formats.length === 0) return null;
  const text =
    formats === null
      ? i18n.t('popup.tracks.owned')
      : i18n.t('popup.tracks.ownedIn', [formats.map(formatLabel).join(', ')]);
  return <span class="tag owned">{text}</span>;
}

const thumbSize = 40;

/** The cover, small and lazy; an empty box of the same size when there is none. */
export function TrackThumb({ image }: { image: Image | undefined }) {
  if (!image || !/^https?:\/\//.test(image.uri)) return <span class="thumb" aria-hidden="true" />;
  return (
    <img
      class="thumb"
      src={image.uri}
      alt=""
      width={thumbSize}
      height={thumbSize}
      loading="lazy"
      decoding="async"
    />
  );
}

export function TrackFactsLine({ facts, notation }: { facts: TrackFacts; notation: KeyNotation }) {
  return (
    <span class="item-sub track-facts">
      <span class="bpm">{bpmText(facts.bpm)}</span> · <span class="key">{keyText(facts.key, notation)}</span>
    </span>
  );
}

const sorts: Record<TrackSort, () => string> = {
  newest: () => i18n.t('popup.tracks.newest'),
  bpm: () => i18n.t('popup.tracks.bpm'),
  key: () => i18n.t('popup.tracks.key'),
  set: () => i18n.t('popup.tracks.set'),
};

/**
 * Sort, BPM range and "harmonic with": each change hands the whole new view to `onChange`. "As a
 * set" is offered where the list is a crate (`asSet`, the cart), not over a whole library.
 */
export function TrackViewFilters({
  view,
  notation,
  onChange,
  asSet = false,
}: {
  view: TrackView;
  notation: KeyNotation;
  onChange(view: TrackView): void;
  asSet?: boolean;
}) {
  const offered = (Object.keys(sorts) as TrackSort[]).filter((sort) => asSet || sort !== 'set');
  const harmonic = view.harmonicWith ? formatKey(view.harmonicWith, 'camelot') : '';
  return (
    <>
      <label class="inline">
        {i18n.t('popup.tracks.sort')}
        <select
          value={view.sort}
          onChange={(event) => {
            const sort = offered.find((s) => s === event.currentTarget.value);
            if (sort) onChange({ ...view, sort });
          }}
        >
          {offered.map((sort) => (
            <option key={sort} value={sort}>
              {sorts[sort]()}
            </option>
          ))}
        </select>
      </label>
      <label class="inline">
        {i18n.t('popup.tracks.bpmFrom')}
        <input
          class="bpm-input"
          type="number"
          min={1}
          inputMode="numeric"
          value={view.minBpm ?? ''}
          onInput={(event) => onChange({ ...view, minBpm: parseBpm(event.currentTarget.value) })}
        />
      </label>
      <label class="inline">
        {i18n.t('popup.tracks.bpmTo')}
        <input
          class="bpm-input"
          type="number"
          min={1}
          inputMode="numeric"
          aria-label={i18n.t('popup.tracks.bpmToLabel')}
          value={view.maxBpm ?? ''}
          onInput={(event) => onChange({ ...view, maxBpm: parseBpm(event.currentTarget.value) })}
        />
      </label>
      <label class="inline">
        {i18n.t('popup.tracks.harmonicWith')}
        <select
          value={harmonic}
          onChange={(event) =>
            onChange({ ...view, harmonicWith: parseKey(event.currentTarget.value) ?? null })
          }
        >
          <option value="">{i18n.t('popup.tracks.anyKey')}</option>
          {allKeys.map((key) => {
            const camelot = formatKey(key, 'camelot');
            return (
              <option key={camelot} value={camelot}>
                {formatKey(key, notation)}
              </option>
            );
          })}
        </select>
      </label>
    </>
  );
}
