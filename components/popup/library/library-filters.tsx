import { i18n } from '#i18n';
import type { KeyNotation } from '../../../lib/contract/musical-key.ts';
import type { Shown } from '../../../lib/popup/library/library-filter.ts';
import type { TrackView } from '../../../lib/popup/track-facts.ts';
import { TrackViewFilters } from '../track-rows/track-view.tsx';

interface FiltersProps {
  shown: Shown;
  onShown: (shown: Shown) => void;
  text: string;
  onText: (text: string) => void;
  trackView: TrackView;
  notation: KeyNotation;
  onTrackView: (view: TrackView) => void;
}

/** The library's "Show" choice, its text filter and the track view's controls. */
export function LibraryFilters({
  shown,
  onShown,
  text,
  onText,
  trackView,
  notation,
  onTrackView,
}: FiltersProps) {
  return (
    <div class="filters">
      <label class="inline">
        {i18n.t('popup.library.show')}
        <select value={shown} onChange={(event) => onShown(event.currentTarget.value as Shown)}>
          <option value="notHere">{i18n.t('popup.library.notOnThisComputer')}</option>
          <option value="here">{i18n.t('popup.library.onThisComputer')}</option>
          <option value="all">{i18n.t('popup.library.all')}</option>
          <option value="available">{i18n.t('popup.library.notDownloaded')}</option>
          <option value="downloaded">{i18n.t('popup.library.downloaded')}</option>
        </select>
      </label>
      <label class="inline grow">
        {i18n.t('popup.library.filter')}
        <input
          type="search"
          placeholder={i18n.t('popup.library.filterPlaceholder')}
          value={text}
          onInput={(event) => onText(event.currentTarget.value)}
        />
      </label>
      <TrackViewFilters view={trackView} notation={notation} onChange={onTrackView} />
    </div>
  );
}
