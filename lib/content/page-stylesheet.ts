/**
 * Adds a stylesheet to the store's page for as long as the content script lives. A constructed
 * stylesheet, which the store's CSP (`style-src 'self'`) allows where an inline <style> element
 * would not be.
 */
export function adoptPageStyleSheet(cssText: string, { signal }: { signal: AbortSignal }): void {
  if (signal.aborted) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(cssText);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  signal.addEventListener('abort', () => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
  });
}
