/**
 * Following artists and labels, and "New for you": the worker's part of the Handlers table
 * (follow, unfollow, newForYou, markAllSeen) and the events it owns (its alarm, its
 * notification, worker start). Everything lives in storage (lib/storage/following.ts): a stopped
 * worker loses nothing.
 */

import type { Browser } from 'wxt/browser';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { plural } from '../../i18n/plural.ts';
import type { FollowList, NewForYou } from '../../protocol/messages.ts';
import type { Handlers } from '../../protocol/receive.ts';
import { StoreError } from '../../protocol/store-error.ts';
import {
  emptyFollows,
  type FeedState,
  type Follow,
  type FollowKind,
  type StoreFollows,
} from '../../storage/following.ts';
import {
  feedItem,
  feedNotificationsSetting,
  feedRefreshHoursSetting,
  followsBackupItem,
  followsItem,
  storeUrlSetting,
} from '../../storage/items.ts';
import type { ApiClient } from '../api-client.ts';
import { paintBadge } from './feed-badge.ts';
import { alarmPlan, followedKeys, markSeen, refreshDue, unseen, utcDay, watermarkAt } from './feed-model.ts';
import { refreshFeed } from './feed-refresh.ts';

export const feedAlarm = 'following-feed';
export const feedNotificationId = 'crate-new-for-you';
const neverSeen = { day: '', ids: [] };

type FollowingHandlers = Pick<Handlers, 'follow' | 'unfollow' | 'newForYou' | 'markAllSeen'>;

export interface FollowingDeps {
  api(): Promise<Pick<ApiClient, 'artists' | 'catalogPage'>>;
  now?: () => number;
}

const listOf = (follows: StoreFollows): FollowList => ({
  artists: follows.artists.map(({ id, name }) => ({ id, name })),
  labels: follows.labels.map(({ id, name }) => ({ id, name })),
});

const side = (follows: StoreFollows, kind: FollowKind) =>
  kind === 'artist' ? follows.artists : follows.labels;

type Deps = Required<FollowingDeps>;

export function createFollowing({ api, now = Date.now }: FollowingDeps) {
  const deps: Deps = { api, now };
  // Follows change one at a time: a double click or two tabs must not lose or double one.
  const serially = inTurn();
  // The popup opening and its tab (or an alarm at that moment) share one refresh under way.
  let refreshing: Promise<void> | null = null;
  const refreshIfDue = (notify: boolean, slack = 1): Promise<void> => {
    refreshing ??= refreshWhenDue(deps, notify, slack).finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  return {
    handlers: followingHandlers(deps, serially, refreshIfDue),

    /** The alarm a little early or late is still this period's: 5% slack. */
    async onAlarm(alarm: Browser.alarms.Alarm): Promise<void> {
      if (alarm.name === feedAlarm) await refreshIfDue(true, 0.95);
    },

    async onNotificationClicked(id: string): Promise<void> {
      if (id !== feedNotificationId) return;
      await browser.notifications.clear(id);
      await browser.tabs.create({ url: browser.runtime.getURL('/popup.html#new') });
    },

    /** Worker start: follows back from storage.sync after a reinstall, the alarm, the badge. */
    async start(): Promise<void> {
      await serially(() => restoreOrSchedule(now));
      await paintBadge();
    },

    /** The refresh period changed in the options: the alarm follows. */
    async onPeriodChanged(): Promise<void> {
      await scheduleAlarm(followedKeys((await current()).follows).length > 0);
    },
  };
}

export type Following = ReturnType<typeof createFollowing>;

function followingHandlers(
  deps: Deps,
  serially: <T>(work: () => Promise<T>) => Promise<T>,
  refreshIfDue: (notify: boolean) => Promise<void>,
): FollowingHandlers {
  return {
    follow: ({ kind, id, name }) =>
      serially(async () => {
        const { storeUrl, follows } = await current();
        if (!side(follows, kind).some((follow) => follow.id === id)) {
          side(follows, kind).push({ id, name, since: await sinceNow(deps, kind, id) });
          await save(storeUrl, follows);
        }
        return listOf(follows);
      }),
    unfollow: ({ kind, id }) =>
      serially(async () => {
        const { storeUrl, follows } = await current();
        const kept = side(follows, kind).filter((follow) => follow.id !== id);
        const next = kind === 'artist' ? { ...follows, artists: kept } : { ...follows, labels: kept };
        await save(storeUrl, next);
        return listOf(next);
      }),
    async newForYou({ refresh: when }) {
      if (when === 'ifDue') await refreshIfDue(false);
      return view();
    },
    async markAllSeen() {
      const feed = await feedItem.getValue();
      if (feed && feed.storeUrl === (await storeUrlSetting.getValue())) {
        await feedItem.setValue({ ...feed, seen: markSeen(feed.seen, unseen(feed)) });
      }
      await paintBadge();
      return view();
    },
  };
}

/** Runs each piece of work after the one before it has settled. */
function inTurn() {
  let changes: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = changes.then(work, work);
    changes = next.catch(() => undefined);
    return next;
  };
}

async function current(): Promise<{ storeUrl: string; follows: StoreFollows }> {
  const [storeUrl, all] = await Promise.all([storeUrlSetting.getValue(), followsItem.getValue()]);
  return { storeUrl, follows: all[storeUrl] ?? emptyFollows() };
}

async function save(storeUrl: string, follows: StoreFollows): Promise<void> {
  await followsItem.setValue({ ...(await followsItem.getValue()), [storeUrl]: follows });
  const backup = await followsBackupItem.getValue().catch(() => ({}));
  const pairs = (list: Follow[]) => list.map(({ id, name }): [number, string] => [id, name]);
  // A browser without storage.sync (or over its quota) keeps storage.local's copy only.
  await followsBackupItem
    .setValue({ ...backup, [storeUrl]: { artists: pairs(follows.artists), labels: pairs(follows.labels) } })
    .catch((error: unknown) => console.warn('Crate: the follows were not copied to storage.sync', error));
  await scheduleAlarm(followedKeys(follows).length > 0);
}

async function scheduleAlarm(following: boolean): Promise<void> {
  const minutes = (await feedRefreshHoursSetting.getValue()) * 60;
  const plan = alarmPlan(await browser.alarms.get(feedAlarm), minutes, following);
  if (plan === 'create')
    await browser.alarms.create(feedAlarm, { periodInMinutes: minutes, delayInMinutes: minutes });
  if (plan === 'clear') await browser.alarms.clear(feedAlarm);
}

/** No follows here but some in storage.sync (a reinstall): they come back, nothing of theirs new yet. */
async function restoreOrSchedule(now: () => number): Promise<void> {
  const { storeUrl, follows } = await current();
  const backup = (await followsBackupItem.getValue().catch(() => ({}))) as Awaited<
    ReturnType<typeof followsBackupItem.getValue>
  >;
  const saved = backup[storeUrl];
  if (followedKeys(follows).length === 0 && saved && saved.artists.length + saved.labels.length > 0) {
    const since = watermarkAt(utcDay(now()));
    const restore = (pairs: [number, string][]) => pairs.map(([id, name]) => ({ id, name, since }));
    await save(storeUrl, { artists: restore(saved.artists), labels: restore(saved.labels) });
    return;
  }
  await scheduleAlarm(followedKeys(follows).length > 0);
}

/** What the artist or label has out now (one detail call): none of it will count as new. */
async function sinceNow({ api, now }: Deps, kind: FollowKind, id: number) {
  const today = utcDay(now());
  try {
    const { releases } = await (await api()).catalogPage(kind, id, { page: 1, perPage: 1 });
    return watermarkAt(today, releases);
  } catch (error) {
    if (error instanceof StoreError && error.kind === 'notFound') throw error;
    // The store out of reach: what came out before today is old all the same.
    return watermarkAt(today);
  }
}

async function view(): Promise<NewForYou> {
  const [{ storeUrl, follows }, feed] = await Promise.all([current(), feedItem.getValue()]);
  const mine = feed?.storeUrl === storeUrl ? feed : null;
  return {
    releases: unseen(mine),
    refreshedAt: mine?.refreshedAt ?? null,
    following: { artists: follows.artists.length, labels: follows.labels.length },
    problem: mine?.problem ?? null,
  };
}

async function refreshWhenDue(deps: Deps, notify: boolean, slack: number): Promise<void> {
  const [{ storeUrl, follows }, feed, hours] = await Promise.all([
    current(),
    feedItem.getValue(),
    feedRefreshHoursSetting.getValue(),
  ]);
  if (refreshDue(feed, follows, storeUrl, hours * 60 * slack, deps.now())) await refresh(deps, notify);
}

/** Asks the store; tells the person (when they asked for notifications) about releases it had not listed. */
async function refresh({ api, now }: Deps, notify: boolean): Promise<void> {
  const { storeUrl, follows } = await current();
  const before = await feedItem.getValue();
  const mine = before?.storeUrl === storeUrl ? before : null;
  const seen = mine?.seen ?? neverSeen;
  const base = { storeUrl, refreshedAt: now(), followed: followedKeys(follows), seen };
  let next: FeedState;
  try {
    const { releases } = await refreshFeed(await api(), follows, seen);
    next = { ...base, releases, problem: null };
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    next = { ...base, releases: mine?.releases ?? [], problem };
  }
  await feedItem.setValue(next);
  await paintBadge();
  const listed = new Set(unseen(mine).map((release) => release.id));
  const fresh = unseen(next).filter((release) => !listed.has(release.id)).length;
  if (notify && fresh > 0 && (await feedNotificationsSetting.getValue())) await notifyNewReleases(fresh);
}

async function notifyNewReleases(fresh: number): Promise<void> {
  await browser.notifications.create(feedNotificationId, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/notification-icon.png'),
    title: i18n.t('background.feed.title'),
    message: plural('background.feed.message', fresh),
  });
}
