/**
 * Feature: a store artist or label page gets a Follow button beside its title (the person's
 * follows are read from storage.local, written only by the worker through `follow`/`unfollow`).
 * Runs again after client-side navigation.
 */
import { browser } from 'wxt/browser';
import { send } from '../protocol/send.ts';
import { type FollowKind, type FollowsByStore, followsKey } from '../storage/following.ts';
import type { ContentScriptContext } from './page-context.ts';
import { blockFlowAncestor } from './page-flow.ts';
import { pageHeader } from './selectors.ts';

const followablePath = /^\/(artist|label)\/[A-Za-z0-9._~%-]+\/([1-9][0-9]{0,15})\/?$/;

/** The artist or label a page's path is about, or null. */
export function followableOf(path: string): { kind: FollowKind; id: number } | null {
  // Most store pages are neither: they skip compiling the pattern.
  if (!path.startsWith('/artist/') && !path.startsWith('/label/')) return null;
  const match = followablePath.exec(path);
  return match ? { kind: match[1] as FollowKind, id: Number(match[2]) } : null;
}

export const isFollowed = (all: FollowsByStore | undefined, storeUrl: string, kind: FollowKind, id: number) =>
  (kind === 'artist' ? all?.[storeUrl]?.artists : all?.[storeUrl]?.labels)?.some(
    (follow) => follow.id === id,
  ) ?? false;

export interface FollowButton {
  host: HTMLElement;
  show(followed: boolean, busy: boolean, problem?: string): void;
}

/** Builds the button (components/content/follow-button.ts); the feature only places and drives it. */
export type MakeFollowButton = (onPress: () => void) => FollowButton;

export function addFollowButtons(storeUrl: string, make: MakeFollowButton, ctx: ContentScriptContext): void {
  let current: { button: FollowButton; kind: FollowKind; id: number } | null = null;
  let followed = false;

  const read = async () =>
    ((await browser.storage.local.get(followsKey))[followsKey] ?? {}) as FollowsByStore;
  const refresh = async () => {
    if (!current) return;
    const { kind, id } = current;
    followed = isFollowed(await read(), storeUrl, kind, id);
    current.button.show(followed, false);
  };

  const place = () => {
    current?.button.host.remove();
    current = null;
    const page = followableOf(location.pathname);
    const title = page && document.querySelector(`${pageHeader} h1`);
    if (!page || !title) return;
    const name = title.textContent?.trim() ?? '';
    const button = make(() => {
      button.show(followed, true);
      const done = followed
        ? send('unfollow', { kind: page.kind, id: page.id })
        : send('follow', { kind: page.kind, id: page.id, name });
      done.then(refresh, (error: Error) => button.show(followed, false, error.message));
    });
    // Beside the title in the page's flow, never an item of a grid or flex row of the page's.
    blockFlowAncestor(title).after(button.host);
    current = { button, ...page };
    void refresh();
  };

  if (document.readyState === 'loading') ctx.addEventListener(document, 'DOMContentLoaded', place);
  else place();
  ctx.addEventListener(window, 'wxt:locationchange', place);
  const changed = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && followsKey in changes) void refresh();
  };
  browser.storage.onChanged.addListener(changed);
  ctx.onInvalidated(() => {
    browser.storage.onChanged.removeListener(changed);
    current?.button.host.remove();
  });
}
