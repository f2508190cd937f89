/** The website's client script: the few parts of the pages that change after the first paint. */
import { initLoadMore } from './load-more.tsx';
import { initTabs } from './tabs.ts';

for (const block of document.querySelectorAll<HTMLElement>('.track-list-block')) initLoadMore(block);
for (const tabs of document.querySelectorAll<HTMLElement>('[data-tabs]')) initTabs(tabs);
