/**
 * Rows are decorated as they come near the viewport, after the page's first layout. A control
 * that then took new space would push every row below it down: the page would jump under the
 * person's eyes while they scroll, and the browser would repaint the whole list (on a
 * 1,000-row chart, 40 ms for the ten rows of the first screen). So each list row keeps the
 * control's height free from the first layout on, and the control, at least as tall, takes it.
 */
import { decoratedMark } from './decorate.ts';
import { adoptPageStyleSheet } from './page-stylesheet.ts';
import { controlSpaceRules } from './selectors.ts';

/** The control's height on one line: the host's minimum height and the space kept for it. */
export const controlBlockSize = '26px';

export function reserveControlSpace(options: { signal: AbortSignal }): void {
  const css = controlSpaceRules.map((rule) => rule(`:not([${decoratedMark}])`, controlBlockSize)).join('\n');
  adoptPageStyleSheet(css, options);
}
