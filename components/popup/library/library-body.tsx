import type { ComponentChildren } from 'preact';
import { i18n } from '#i18n';
import type { LibraryEntry } from '../../../lib/contract/wire.ts';
import { formatCount } from '../../../lib/i18n/intl.ts';
import { plural } from '../../../lib/i18n/plural.ts';
import { type LibraryView, narrowedOnlyByHere } from '../../../lib/popup/library/library-filter.ts';
import type { LibraryPages } from '../../../lib/popup/library/library-pages.ts';
import { Notice } from '../notices/notice.tsx';
import { libraryRowHeight } from './library-entry-row.tsx';
import { EmptyLibrary } from './library-notices.tsx';
import { VirtualList } from './virtual-list.tsx';

type Row = (entry: LibraryEntry | undefined, index: number) => ComponentChildren;

interface MatchesProps {
  filtered: readonly LibraryEntry[];
  pages: LibraryPages;
  query: string;
  text: string;
  /** What an empty result says when only the this-computer filter narrows the list. */
  noneHere: string | null;
  row: Row;
}

/**
 * The entries a text, track or this-computer filter leaves, counted as the search goes through
 * pages not loaded yet.
 */
function LibraryMatches({ filtered, pages, query, text, noneHere, row }: MatchesProps) {
  const total = pages.count ?? 0;
  const searched = pages.loadedCount;
  return (
    <>
      <p class="filter-count" role="status">
        {searched < total
          ? plural('popup.library.searching', filtered.length, formatCount(searched), formatCount(total))
          : plural('popup.library.matches', filtered.length)}
      </p>
      {filtered.length === 0 && searched >= total ? (
        <Notice
          title={
            query
              ? i18n.t('popup.library.nothingMatchesText', [text.trim()])
              : (noneHere ?? i18n.t('popup.library.nothingMatchesFilters'))
          }
        >
          {noneHere && !query ? i18n.t('popup.library.showAllHint') : i18n.t('popup.library.tryHint')}
        </Notice>
      ) : (
        <VirtualList
          count={filtered.length}
          rowHeight={libraryRowHeight}
          label={i18n.t('popup.library.matchingLabel')}
          renderRow={(index) => row(filtered[index], index)}
        />
      )}
    </>
  );
}

interface BodyProps {
  pages: LibraryPages;
  filtered: LibraryEntry[] | null;
  view: LibraryView;
  text: string;
  storeUrl: string;
  row: Row;
  onRange: (first: number, last: number) => void;
}

/** The list once the library's size is known: empty, narrowed by filters, or all of it paged. */
export function LibraryBody({ pages, filtered, view, text, storeUrl, row, onRange }: BodyProps) {
  if (pages.count === 0) return <EmptyLibrary shown={view.shown} storeUrl={storeUrl} />;
  if (!filtered)
    return (
      <VirtualList
        count={pages.count ?? 0}
        rowHeight={libraryRowHeight}
        label={i18n.t('popup.library.listLabel')}
        renderRow={(index) => row(pages.entry(index), index)}
        onRange={onRange}
      />
    );
  const noneHere = view.shown === 'here' ? i18n.t('popup.library.noneHere') : i18n.t('popup.library.allHere');
  return (
    <LibraryMatches
      filtered={filtered}
      pages={pages}
      query={view.query}
      text={text}
      noneHere={narrowedOnlyByHere(view) ? noneHere : null}
      row={row}
    />
  );
}
