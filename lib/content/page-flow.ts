/**
 * Where Crate may put an element of its own beside the page's (the "Hide what I have" toggle, the
 * Follow button) without moving what the page lays out. A child of a grid or flex container is one
 * of its items: it takes a cell or a place in the line, and the page's own items move on by one
 * (on the store's track page the release card went into the track list's wide column, the track
 * list into the card's narrow one). Neither `position: absolute` (drawn over the page) nor a host
 * with `display: contents` (its children become the grid's items) is a way out: only a container
 * that stacks its children as blocks takes one more without moving the others sideways.
 *
 * The cart controls are not placed by this: they go into the slots selectors.ts names, whose
 * space control-space.ts keeps for them.
 */

/**
 * The computed `display` of a box whose children are stacked as blocks (browsers write the
 * two-value forms `block flow`, `inline flow-root`, `block flow list-item` so); `none` draws
 * nothing, so nothing in it moves.
 */
const stacksBlocks = new Set(['block', 'flow-root', 'inline-block', 'list-item', 'none']);

/**
 * `element`, or its outermost ancestor that a grid, flex or other layout of the page's places:
 * what is inserted before or after the result is a block in the page's flow. Read from the page's
 * style now (a stylesheet not applied yet reads as the browser's defaults: callers place again
 * once it is); the body is as far as it goes.
 */
export function blockFlowAncestor(element: Element): Element {
  let outermost = element;
  for (
    let parent = element.parentElement;
    parent && parent !== document.body;
    parent = parent.parentElement
  ) {
    if (stacksBlocks.has(getComputedStyle(parent).display)) break;
    outermost = parent;
  }
  return outermost;
}
