/**
 * Constructed stylesheets for the store's page and the controls' shadow roots: the store's CSP
 * (`style-src 'self'`) allows them where an inline <style> element would be refused.
 */

/**
 * The object as the page itself sees it. Firefox shows a content script the page's DOM through
 * Xray wrappers, which refuse the methods of the adoptedStyleSheets array ("XrayWrapper denied
 * access to property push"); the page's own object (`wrappedJSObject`) has them. Chrome has no
 * such wrapper: there the object is already the page's.
 */
function pageSide<T extends Document | ShadowRoot>(target: T): T {
  return (target as T & { wrappedJSObject?: T }).wrappedJSObject ?? target;
}

/**
 * Adds `sheet` to what `target` adopts, through the page's own array (an observable array in
 * Chrome and Firefox). Assigning a new array is for browsers where it is still frozen; if that is
 * refused too, the controls go unstyled rather than stopping the script.
 */
export function adoptStyleSheet(target: Document | ShadowRoot, sheet: CSSStyleSheet): void {
  const own = pageSide(target);
  try {
    own.adoptedStyleSheets.push(sheet);
    return;
  } catch {
    // A frozen array: assign a new one below.
  }
  try {
    own.adoptedStyleSheets = [...Array.from(own.adoptedStyleSheets ?? []), sheet];
  } catch (error) {
    console.warn('Crate: the page refused its stylesheet.', error);
  }
}

/** Takes `sheet` back from what `target` adopts; never throws. */
function dropStyleSheet(target: Document | ShadowRoot, sheet: CSSStyleSheet): void {
  const own = pageSide(target);
  try {
    const index = own.adoptedStyleSheets.indexOf(sheet);
    if (index >= 0) own.adoptedStyleSheets.splice(index, 1);
  } catch {
    try {
      own.adoptedStyleSheets = Array.from(own.adoptedStyleSheets ?? []).filter((each) => each !== sheet);
    } catch {
      // The page keeps a sheet that styles only controls that are gone.
    }
  }
}

/** Adds a stylesheet to the store's page for as long as the content script lives. */
export function adoptPageStyleSheet(cssText: string, { signal }: { signal: AbortSignal }): void {
  if (signal.aborted) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(cssText);
  adoptStyleSheet(document, sheet);
  signal.addEventListener('abort', () => dropStyleSheet(document, sheet));
}
