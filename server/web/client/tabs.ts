/**
 * Tabs that switch without a page load: a click pushes the tab's URL (`?tab=<id>`) onto the
 * history and shows its panel; back and forward (popstate) show the tab of the URL they restore.
 * The server renders the same URL with the same tab open, so reloading or sharing it works.
 */
export function initTabs(root: HTMLElement): void {
  const tabs = [...root.querySelectorAll<HTMLAnchorElement>('a[data-tab]')];
  const first = tabs[0]?.dataset.tab;
  if (!first) return;

  const show = (id: string) => {
    for (const tab of tabs) {
      const selected = tab.dataset.tab === id;
      tab.setAttribute('aria-selected', String(selected));
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !selected;
    }
  };
  const tabOfLocation = () => {
    const id = new URLSearchParams(location.search).get('tab');
    return tabs.some((tab) => tab.dataset.tab === id) ? (id as string) : first;
  };

  root.addEventListener('click', (event) => {
    const tab = (event.target as Element).closest<HTMLAnchorElement>('a[data-tab]');
    // A click with a modifier opens the tab's URL in a new tab or window, as links do.
    if (!tab || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    if (tab.href !== location.href) history.pushState(null, '', tab.href);
    show(tab.dataset.tab ?? first);
  });
  window.addEventListener('popstate', () => show(tabOfLocation()));
}
