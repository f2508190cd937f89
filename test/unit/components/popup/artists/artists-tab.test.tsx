// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ArtistsTab } from '../../../../../components/popup/artists/artists-tab.tsx';
import type { Artist } from '../../../../../lib/contract/wire.ts';
import type { ArtistSearch } from '../../../../../lib/protocol/messages.ts';
import { popupCache } from '../../../../../lib/storage/popup-cache.ts';
import { artist, fakeBackground, storeDown, storeUrl } from '../../../../helpers/popup-fixtures.ts';

const catalog = [
  artist(1, 'Cold Velocity', ['Techno', 'House']),
  artist(2, 'Solar Tension', ['Techno']),
  artist(3, 'Moxo', ['House']),
  artist(4, 'DJ Lyzende', ['Breaks']),
];

/** The store's artist catalog over `catalog`: search, genre facet with counts, sort, paging. */
function artistCatalog(query: ArtistSearch) {
  const searched = catalog.filter(
    (each) => !query.search || each.name.toLowerCase().includes(query.search.toLowerCase()),
  );
  const filtered = searched.filter(
    (each) => !query.genreName || each.genres.some((genre) => genre.name === query.genreName),
  );
  const counts = new Map<string, number>();
  for (const each of filtered)
    for (const genre of each.genres) counts.set(genre.name, (counts.get(genre.name) ?? 0) + 1);
  const sorted =
    query.sort === 'name' ? [...filtered].sort((a, b) => a.name.localeCompare(b.name)) : filtered;
  const first = (query.page - 1) * query.perPage;
  return {
    results: sorted.slice(first, first + query.perPage) as Artist[],
    paging: {
      page: query.page,
      perPage: query.perPage,
      count: filtered.length,
      totalPages: Math.ceil(filtered.length / query.perPage),
    },
    genres: [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count),
  };
}

const names = () => screen.getAllByRole('link').map((link) => link.textContent);

beforeEach(async () => {
  fakeBrowser.reset();
  await popupCache.clear();
});
afterEach(cleanup);

describe('the artists tab', () => {
  it('lists artists by latest release, each linking to its store page', async () => {
    const sent = fakeBackground({ artists: artistCatalog });
    render(<ArtistsTab storeUrl={storeUrl} revalidate={0} />);
    const link = await screen.findByRole('link', { name: 'Cold Velocity' });
    expect(link.getAttribute('href')).toBe(`${storeUrl}/artist/cold-velocity/1`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(sent[0]?.payload).toEqual({ page: 1, perPage: 20, sort: 'latestRelease' });
    expect(screen.getByText('4 artists')).toBeTruthy();
  });

  it('searches by part of the name once typing pauses', async () => {
    const sent = fakeBackground({ artists: artistCatalog });
    render(<ArtistsTab storeUrl={storeUrl} revalidate={0} />);
    await screen.findByRole('link', { name: 'Moxo' });
    fireEvent.input(screen.getByLabelText('Search artists'), { target: { value: 'vel' } });
    fireEvent.input(screen.getByLabelText('Search artists'), { target: { value: 'velo' } });
    await waitFor(() => expect(names()).toEqual(['Cold Velocity']));
    expect(
      sent.filter((message) => message.kind === 'artists').map((message) => message.payload.search),
    ).toEqual([undefined, 'velo']);
  });

  it('filters by genre, offering the genres with their counts', async () => {
    fakeBackground({ artists: artistCatalog });
    render(<ArtistsTab storeUrl={storeUrl} revalidate={0} />);
    await screen.findByRole('link', { name: 'Moxo' });
    const genre = screen.getByLabelText('Genre') as HTMLSelectElement;
    expect([...genre.options].map((option) => option.textContent)).toEqual([
      'All genres',
      'Techno (2)',
      'House (2)',
      'Breaks (1)',
    ]);
    fireEvent.change(genre, { target: { value: 'House' } });
    await waitFor(() => expect(names()).toEqual(['Cold Velocity', 'Moxo']));
    // The choices stay while a genre is chosen.
    expect(genre.options).toHaveLength(4);
  });

  it('sorts by name', async () => {
    fakeBackground({ artists: artistCatalog });
    render(<ArtistsTab storeUrl={storeUrl} revalidate={0} />);
    await screen.findByRole('link', { name: 'Moxo' });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'name' } });
    await waitFor(() => expect(names()).toEqual(['Cold Velocity', 'DJ Lyzende', 'Moxo', 'Solar Tension']));
  });

  it('pages through the catalog', async () => {
    catalog.push(
      ...Array.from({ length: 21 }, (_, i) => artist(10 + i, `Extra ${String(i).padStart(2, '0')}`, [])),
    );
    try {
      const sent = fakeBackground({ artists: artistCatalog });
      render(<ArtistsTab storeUrl={storeUrl} revalidate={0} />);
      await screen.findByText('Page 1 of 2');
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      await screen.findByText('Page 2 of 2');
      expect(sent.at(-1)?.payload.page).toBe(2);
      expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    } finally {
      catalog.splice(4);
    }
  });

  it('says when nothing matches, and what to try', async () => {
    fakeBackground({ artists: artistCatalog });
    render(<ArtistsTab storeUrl={storeUrl} revalidate={0} />);
    await screen.findByRole('link', { name: 'Moxo' });
    fireEvent.input(screen.getByLabelText('Search artists'), { target: { value: 'zzz' } });
    const notice = await screen.findByText('No artists match');
    expect(
      within(notice.parentElement as HTMLElement).getByText(/Nobody's name contains "zzz"/),
    ).toBeTruthy();
  });

  it('names an unreachable store', async () => {
    fakeBackground({
      artists: () => {
        throw storeDown;
      },
    });
    render(<ArtistsTab storeUrl={storeUrl} revalidate={0} />);
    expect(await screen.findByText('The store is not answering')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
