import type { ComponentChildren } from 'preact';
import { markSvg } from '../../lib/contract/brand-mark.ts';
import { cartPageUrl } from '../../lib/contract/store-urls.ts';
import type { SiteAssets } from './assets.ts';

/** Who is browsing: the signed-in user and the token their forms carry, or a visitor. */
export type Viewer =
  | { signedIn: true; username: string; csrfToken: string }
  | { signedIn: false }
  /** Pages rendered without the store at hand (an unknown path) do not know. */
  | { signedIn: undefined };

export interface PageShell {
  viewer: Viewer;
  assets: SiteAssets;
  /** The path being shown, for the sign-in link's way back. */
  path: string;
}

// Crate's mark as the tab icon, inline so that it costs no request.
const favicon = `data:image/svg+xml,${encodeURIComponent(markSvg(16))}`;

function Account({ viewer, path }: { viewer: Viewer; path: string }) {
  if (viewer.signedIn === undefined) return null;
  if (!viewer.signedIn) {
    return (
      <a class="button button-quiet account" href={`/sign-in?return=${encodeURIComponent(path)}`}>
        Sign in
      </a>
    );
  }
  return (
    <form class="account" method="post" action="/sign-out">
      <span class="username" title="Signed in">
        {viewer.username}
      </span>
      <input type="hidden" name="csrf" value={viewer.csrfToken} />
      <button type="submit" class="button button-quiet">
        Sign out
      </button>
    </form>
  );
}

/** The frame of every page: header with navigation and account, main content, footer. */
export function Layout({
  shell,
  title,
  children,
}: {
  shell: PageShell;
  title: string;
  children: ComponentChildren;
}) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>{title === 'Crate' ? title : `${title} · Crate`}</title>
        <link rel="icon" href={favicon} />
        <link rel="stylesheet" href={shell.assets.cssUrl} />
        <script type="module" src={shell.assets.jsUrl} />
      </head>
      <body>
        <header class="site-header">
          <a class="brand" href="/">
            <span class="brand-mark" aria-hidden="true" />
            Crate
          </a>
          <nav class="site-nav" aria-label="Store">
            <a href="/">Home</a>
            <a href="/charts">Charts</a>
            <a href={cartPageUrl}>Cart</a>
          </nav>
          <Account viewer={shell.viewer} path={shell.path} />
        </header>
        <main class="site-main">{children}</main>
        <footer class="site-footer">
          <p>Crate demo store · a generated catalog; no real music is sold here</p>
        </footer>
      </body>
    </html>
  );
}
