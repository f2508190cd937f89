/**
 * The cart buttons' small DOM reconciler: each element of a control is made once and kept (a Map
 * of parts per control), and a redraw puts exactly the wanted parts in place without moving one
 * that stays, so keyboard focus stays on its button.
 */

/** Sets or removes an attribute: `null` removes it. */
export function attribute(element: Element, name: string, value: string | null): void {
  if (value === null) element.removeAttribute(name);
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** The elements of one control, made when first shown and kept while the control lives. */
export type Parts = Map<string, HTMLElement>;
const partsOf = new WeakMap<HTMLFieldSetElement, Parts>();

/** The parts of the control drawn in `fieldset`, kept from one draw to the next. */
export function partsFor(fieldset: HTMLFieldSetElement): Parts {
  let parts = partsOf.get(fieldset);
  if (!parts) {
    parts = new Map();
    partsOf.set(fieldset, parts);
  }
  return parts;
}

export function part(parts: Parts, key: string, make: () => HTMLElement): HTMLElement {
  let element = parts.get(key);
  if (!element) {
    element = make();
    parts.set(key, element);
  }
  return element;
}

export function span(className: string, text = ''): HTMLElement {
  const element = document.createElement('span');
  element.className = className;
  element.textContent = text;
  return element;
}

export function button(action: string, text: string, className = ''): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.dataset.action = action;
  element.textContent = text;
  if (className) element.className = className;
  return element;
}

/**
 * Puts exactly `wanted` into `parent`, in order. Elements that stay are never moved (moving the
 * focused button would drop the focus): the others are removed and the new ones inserted.
 */
export function reconcile(parent: Element, wanted: HTMLElement[]): void {
  const keep = new Set<Element>(wanted);
  for (const child of [...parent.children]) if (!keep.has(child)) child.remove();
  wanted.forEach((element, index) => {
    const current = parent.children[index] ?? null;
    if (current !== element) parent.insertBefore(element, current);
  });
}
