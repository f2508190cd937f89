/**
 * "New for you": releases the followed artists and labels published since the person last
 * looked (lib/background/following/), newest first, each with its artwork, artists, label, date,
 * a preview of its first track and "Add to cart" in the chosen format; "Mark all seen" empties it.
 */
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { itemKey } from '../../../lib/contract/item-key.ts';
import { artistUrl, labelUrl, releaseUrl, samplePath } from '../../../lib/contract/store-urls.ts';
import type { AudioFormat } from '../../../lib/contract/wire.ts';
import { dayOptions, formatDate, timeOptions } from '../../../lib/i18n/dates.ts';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { uiLocale } from '../../../lib/i18n/intl.ts';
import { plural } from '../../../lib/i18n/plural.ts';
import type { NewForYou, OverlapChoice } from '../../../lib/protocol/messages.ts';
import { send } from '../../../lib/protocol/send.ts';
import { type StoreErrorData, toStoreErrorData } from '../../../lib/protocol/store-error.ts';
import { type CartState, storeEntry } from '../../../lib/storage/cart-state.ts';
import { cartStateItem, currentCartSetting, defaultAudioFormatSetting } from '../../../lib/storage/items.ts';
import { SoldFormatOptions } from '../../sold-formats/sold-format-options.tsx';
import { ErrorNotice } from '../notices/error-notice.tsx';
import { Notice } from '../notices/notice.tsx';
import { PreviewButton } from '../track-rows/preview-button.tsx';
import { OwnedMark, TrackThumb, useOwnedFormats } from '../track-rows/track-view.tsx';

type FeedRelease = NewForYou['releases'][number];

/** A release's day as the store publishes it (UTC), so it is the same day everywhere. */
const publishedOptions: Intl.DateTimeFormatOptions = { ...dayOptions, timeZone: 'UTC' };

const choiceLabel = (choice: Exclude<OverlapChoice, 'cancel'>): string =>
  ({
    missingOnly: i18n.t('popup.newForYou.missingOnly'),
    replace: i18n.t('popup.newForYou.replace'),
    addAnyway: i18n.t('popup.newForYou.addAnyway'),
  })[choice];

/** The cart state the page buttons read: whether a release is in the current cart. */
function useCartEntry(storeUrl: string): CartState | null {
  const [entry, setEntry] = useState<CartState | null>(null);
  useEffect(() => {
    void cartStateItem.getValue().then((all) => setEntry(storeEntry(all, storeUrl)));
    return cartStateItem.watch((all) => setEntry(storeEntry(all, storeUrl)));
  }, [storeUrl]);
  return entry;
}

function AddToCart({ release, initialFormat }: { release: FeedRelease; initialFormat: AudioFormat }) {
  const [format, setFormat] = useState<AudioFormat>(initialFormat);
  const [state, setState] = useState<{ busy: boolean; said?: string; choices?: OverlapChoice[] }>({
    busy: false,
  });
  useEffect(() => setFormat(initialFormat), [initialFormat]);

  async function add(choice?: OverlapChoice) {
    setState({ busy: true });
    try {
      const name = await currentCartSetting.getValue();
      const outcome = await send('addChecked', {
        name,
        item: { id: release.id, type: 'release', audioFormat: format },
        ...(choice ? { choice } : {}),
      });
      if (outcome.outcome === 'overlap') {
        setState({ busy: false, said: outcome.message, choices: outcome.choices });
      } else {
        const [warning] = outcome.result.warnings;
        setState({
          busy: false,
          said: outcome.result.added.length > 0 ? i18n.t('popup.newForYou.added') : warning?.message,
        });
      }
    } catch (error) {
      setState({ busy: false, said: errorMessage(error) });
    }
  }

  return (
    <div class="feed-add">
      <select
        aria-label={i18n.t('popup.newForYou.formatFor', [release.name])}
        value={format}
        onChange={(event) => setFormat(event.currentTarget.value as AudioFormat)}
      >
        <SoldFormatOptions current={format} />
      </select>
      <button
        type="button"
        disabled={state.busy}
        onClick={() => void add()}
        aria-label={i18n.t('popup.newForYou.addItem', [release.name])}
      >
        {i18n.t('popup.newForYou.add')}
      </button>
      {state.said && (
        <p class="item-sub" role="status">
          {state.said}
        </p>
      )}
      {state.choices
        ?.filter((choice): choice is Exclude<OverlapChoice, 'cancel'> => choice !== 'cancel')
        .map((choice) => (
          <button key={choice} type="button" class="link" onClick={() => void add(choice)}>
            {choiceLabel(choice)}
          </button>
        ))}
    </div>
  );
}

function FeedRow({
  release,
  storeUrl,
  format,
  owned,
  inCart,
}: {
  release: FeedRelease;
  storeUrl: string;
  format: AudioFormat;
  owned: readonly AudioFormat[] | null;
  inCart: boolean;
}) {
  const [first] = release.trackIds;
  return (
    <li class="feed-release" data-release={release.id}>
      <TrackThumb image={release.image} />
      <div class="feed-text">
        <a href={`${storeUrl}${releaseUrl(release)}`} target="_blank" rel="noreferrer" class="item-name">
          {release.name}
        </a>
        <span class="item-sub">
          {release.artists.map((artist, i) => (
            <span key={artist.id}>
              {i > 0 && ', '}
              <a href={`${storeUrl}${artistUrl(artist)}`} target="_blank" rel="noreferrer">
                {artist.name}
              </a>
            </span>
          ))}
          {' · '}
          <a href={`${storeUrl}${labelUrl(release.label)}`} target="_blank" rel="noreferrer">
            {release.label.name}
          </a>
          {' · '}
          <time dateTime={release.publishDate}>{formatDate(release.publishDate, publishedOptions)}</time>
        </span>
        <span class="item-sub">
          {i18n.t('popup.newForYou.because', [
            new Intl.ListFormat(uiLocale(), { type: 'conjunction' }).format(
              release.via.map((source) => source.name),
            ),
          ])}
          {inCart && <span class="tag">{i18n.t('popup.newForYou.inCart')}</span>}
          <OwnedMark formats={owned} />
        </span>
        <AddToCart release={release} initialFormat={format} />
      </div>
      {first !== undefined && (
        <PreviewButton trackId={first} sampleUrl={`${storeUrl}${samplePath(first)}`} title={release.name} />
      )}
    </li>
  );
}

export function NewForYouTab({ storeUrl, revalidate }: { storeUrl: string; revalidate: number }) {
  const [feed, setFeed] = useState<NewForYou | null>(null);
  const [problem, setProblem] = useState<StoreErrorData | null>(null);
  const [format, setFormat] = useState<AudioFormat>('mp3');
  const ownedFormatsOf = useOwnedFormats(storeUrl);
  const cart = useCartEntry(storeUrl);

  const load = (refresh: 'ifDue' | 'never') =>
    send('newForYou', { refresh })
      .then((next) => {
        setFeed(next);
        setProblem(null);
      })
      .catch((error: unknown) => setProblem(toStoreErrorData(error)));

  useEffect(() => {
    void defaultAudioFormatSetting.getValue().then(setFormat);
    void load('ifDue');
  }, [storeUrl, revalidate]);

  if (!feed) {
    return problem ? (
      <ErrorNotice error={problem} onRetry={() => void load('ifDue')} />
    ) : (
      <div aria-busy="true">
        <Notice title={i18n.t('popup.newForYou.looking')} />
      </div>
    );
  }
  const { artists, labels } = feed.following;
  const status = feed.refreshedAt
    ? i18n.t('popup.newForYou.checkedAt', [formatDate(feed.refreshedAt, timeOptions)])
    : i18n.t('popup.newForYou.notChecked');
  return (
    <div class="new-for-you-tab">
      <p class="result-count">
        {i18n.t('popup.newForYou.status', [
          status,
          plural('popup.newForYou.artists', artists),
          plural('popup.newForYou.labels', labels),
        ])}
      </p>
      {feed.problem && (
        <p class="problem" role="alert">
          {i18n.t('popup.newForYou.storeProblem', [feed.problem])}
        </p>
      )}
      {problem && <ErrorNotice error={problem} onRetry={() => void load('never')} />}
      {feed.releases.length === 0 ? (
        <Notice title={i18n.t('popup.newForYou.nothingTitle')}>
          {artists + labels === 0
            ? i18n.t('popup.newForYou.followHint')
            : i18n.t('popup.newForYou.nothingSince')}
        </Notice>
      ) : (
        <>
          <ul class="feed-list" aria-label={i18n.t('popup.newForYou.listLabel')}>
            {feed.releases.map((release) => (
              <FeedRow
                key={release.id}
                release={release}
                storeUrl={storeUrl}
                format={format}
                owned={ownedFormatsOf('release', release.id)}
                inCart={cart?.cart[itemKey({ type: 'release', id: release.id })] !== undefined}
              />
            ))}
          </ul>
          <button
            type="button"
            onClick={() =>
              void send('markAllSeen', {})
                .then(setFeed)
                .catch((error: unknown) => setProblem(toStoreErrorData(error)))
            }
          >
            {i18n.t('popup.newForYou.markAllSeen')}
          </button>
        </>
      )}
    </div>
  );
}
