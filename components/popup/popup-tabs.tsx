import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';

export interface TabSpec<Id extends string> {
  id: Id;
  label: string;
  render(): ComponentChildren;
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs, Tab moves into the panel. A panel is
 * mounted the first time it is shown and kept afterwards, so its scroll position and data survive
 * switching back.
 */
export function PopupTabs<Id extends string>({ tabs, initial }: { tabs: TabSpec<Id>[]; initial: Id }) {
  const [selected, setSelected] = useState<Id>(initial);
  const [visited, setVisited] = useState<ReadonlySet<Id>>(() => new Set([initial]));
  const buttons = useRef(new Map<Id, HTMLButtonElement>());

  function select(id: Id, focus: boolean) {
    setSelected(id);
    setVisited((seen) => (seen.has(id) ? seen : new Set([...seen, id])));
    if (focus) buttons.current.get(id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select((tabs[next] as TabSpec<Id>).id, true);
  }

  return (
    <>
      <div role="tablist" aria-label="Crate" class="tabs" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) buttons.current.set(tab.id, element);
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => select(tab.id, false)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          class="panel"
          hidden={tab.id !== selected}
        >
          {visited.has(tab.id) && tab.render()}
        </div>
      ))}
    </>
  );
}
