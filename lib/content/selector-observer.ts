/**
 * Calls back for every element matching a selector as it appears, however it got there (first
 * paint, "Load more", infinite scroll, a tab shown after pushState), without a document-wide
 * MutationObserver: a CSS rule gives matching elements a 1 ms animation and `animationstart`
 * names them. The approach is refined-github's (source/helpers/selector-observer.tsx).
 *
 * Elements inside `display: none` (a hidden tab) do not animate, so they are reported when they
 * are shown. An element shown again is reported again: callers make their work idempotent.
 */
import { adoptPageStyleSheet } from './page-stylesheet.ts';

const animationName = 'crate-selector-observer';

export function observe(
  selector: string,
  callback: (element: Element) => void,
  { signal }: { signal: AbortSignal },
): void {
  if (signal.aborted) return;
  // Listening first: the rule starts animations at the next style update.
  window.addEventListener(
    'animationstart',
    (event) => {
      if (event.animationName !== animationName) return;
      const target = event.target;
      // The page can dispatch animationstart events too: only elements that match count.
      if (target instanceof Element && target.matches(selector)) callback(target);
    },
    { signal, capture: true },
  );
  // :where() adds no specificity, so a page's own animation on these elements wins over ours.
  adoptPageStyleSheet(
    `@keyframes ${animationName} {} :where(${selector}) { animation: 1ms ${animationName}; }`,
    {
      signal,
    },
  );
}
