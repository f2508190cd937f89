/**
 * Constructed stylesheets for the store's page and the controls' shadow roots: the store's CSP
 * (`style-src 'self'`) allows them where an inline <style> element would be refused.
 */

/**
 * Adds `sheet` to what `target` adopts. `push` first: adoptedStyleSheets is an observable array
 * in Chrome and Firefox, and Firefox refuses an array built in a content script's own world;
 * assigning a new array is for browsers where it is still a frozen array.
 */
export function adoptStyleSheet(target: Document | ShadowRoot, sheet: CSSStyleSheet): void {
  try {
    target.adoptedStyleSheets.push(sheet);
  } catch {
    target.adoptedStyleSheets = [...target.adoptedStyleSheets, sheet];
  }
}

/** Adds a stylesheet to the store's page for as long as the content script lives. */
export function adoptPageStyleSheet(cssText: string, { signal }: { signal: AbortSignal }): void {
  if (signal.aborted) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(cssText);
  adoptStyleSheet(document, sheet);
  signal.addEventListener('abort', () => {
    const adopted = document.adoptedStyleSheets;
    const index = adopted.indexOf(sheet);
    if (index < 0) return;
    try {
      adopted.splice(index, 1);
    } catch {
      document.adoptedStyleSheets = adopted.filter((each) => each !== sheet);
    }
  });
}
