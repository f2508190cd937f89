/**
 * Flags for headless Chromium in tests and benchmarks: no sandbox (these machines run as root), no
 * background traffic (the network is closed, and refused connections only slow it down), and the
 * built extension when one is given.
 */
export function chromiumArgs(extensionPath?: string): string[] {
  return [
    ...(extensionPath
      ? [`--disable-extensions-except=${extensionPath}`, `--load-extension=${extensionPath}`]
      : []),
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ];
}
