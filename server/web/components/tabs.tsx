import type { ComponentChildren } from 'preact';

export interface Tab {
  id: string;
  label: string;
  content: ComponentChildren;
}

/**
 * Tabs whose panels are all in the page. Each tab is a real link (`?tab=<id>`), so a full load of
 * that URL opens it; the client script switches tabs with history.pushState instead of loading.
 */
export function Tabs({ tabs, active, path }: { tabs: Tab[]; active: string; path: string }) {
  const current = tabs.some((tab) => tab.id === active) ? active : tabs[0]?.id;
  return (
    <div class="tabs" data-tabs>
      <div class="tab-bar" role="tablist">
        {tabs.map((tab, index) => (
          <a
            key={tab.id}
            class="tab"
            role="tab"
            id={`tab-${tab.id}`}
            href={index === 0 ? path : `${path}?tab=${tab.id}`}
            data-tab={tab.id}
            aria-controls={`panel-${tab.id}`}
            aria-selected={tab.id === current ? 'true' : 'false'}
          >
            {tab.label}
          </a>
        ))}
      </div>
      {tabs.map((tab) => (
        <section
          key={tab.id}
          class="tab-panel"
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          hidden={tab.id !== current}
        >
          {tab.content}
        </section>
      ))}
    </div>
  );
}
