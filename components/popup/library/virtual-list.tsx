import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

export interface VirtualListProps {
  count: number;
  /** Every row has this height in CSS pixels (the list's CSS keeps rows to it). */
  rowHeight: number;
  label: string;
  renderRow(index: number): ComponentChildren;
  /** The rows on screen (plus overscan) changed: load what they need. */
  onRange?(first: number, last: number): void;
}

/** Rows rendered beyond the visible ones, so Tab and quick scrolls rarely meet an empty row. */
const overscan = 6;

/**
 * A list that renders only the rows in view: 10,000 entries cost as much as 20. Rows are absolutely
 * placed in a list as tall as all of them, so the scrollbar tells the truth; each row carries its
 * position (aria-posinset / aria-setsize) for screen readers.
 */
export function VirtualList({ count, rowHeight, label, renderRow, onRange }: VirtualListProps) {
  const scroller = useRef<HTMLElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    setHeight(element.clientHeight || 400);
    const observer = new ResizeObserver(() => setHeight(element.clientHeight || 400));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // A new list (another filter) starts at its top.
  useEffect(() => {
    if (scroller.current && scroller.current.scrollTop > count * rowHeight) {
      scroller.current.scrollTop = 0;
      setScrollTop(0);
    }
  }, [count, rowHeight]);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((scrollTop + height) / rowHeight) + overscan);

  useEffect(() => {
    if (count > 0) onRange?.(first, last);
  }, [first, last, count, onRange]);

  const rows: ComponentChildren[] = [];
  for (let index = first; index <= last; index++) {
    rows.push(
      <li
        key={index}
        class="virtual-row"
        style={{ transform: `translateY(${index * rowHeight}px)`, height: `${rowHeight}px` }}
        aria-setsize={count}
        aria-posinset={index + 1}
      >
        {renderRow(index)}
      </li>,
    );
  }

  return (
    <section
      ref={scroller}
      class="virtual-scroller"
      aria-label={label}
      // Focusable, so the keyboard can scroll it (Page Down, End) past the rows that are not rendered.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <ul class="virtual-list" style={{ height: `${count * rowHeight}px` }}>
        {rows}
      </ul>
    </section>
  );
}
