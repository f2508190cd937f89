import { randomBytes } from 'node:crypto';
import type { ComponentChildren } from 'preact';
import { renderToString } from 'preact-render-to-string';

/** A page of the authorization server with the Content-Security-Policy it must be sent with. */
export interface HtmlPage {
  html: string;
  contentSecurityPolicy: string;
}

// These pages open in the extension's small sign-in window: one column, no external assets,
// the system font, and the reader's light or dark preference.
const styles = `
:root {
  color-scheme: light dark;
  --bg: #f4f4f5; --card: #ffffff; --text: #18181b; --muted: #52525b; --border: #d4d4d8;
  --accent: #0f766e; --accent-text: #ffffff; --error-bg: #fef2f2; --error: #b91c1c;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0f0f12; --card: #1c1c21; --text: #f4f4f5; --muted: #a1a1aa; --border: #3f3f46;
    --accent: #2dd4bf; --accent-text: #042f2e; --error-bg: #3b0d0d; --error: #fca5a5;
  }
}
* { box-sizing: border-box; }
body {
  margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
  padding: 16px; background: var(--bg); color: var(--text);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
main {
  width: 100%; max-width: 360px; padding: 24px; background: var(--card);
  border: 1px solid var(--border); border-radius: 12px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.08);
}
.brand { display: flex; align-items: center; gap: 8px; font-weight: 700; letter-spacing: 0.02em; }
.brand svg { color: var(--accent); }
h1 { font-size: 1.25rem; line-height: 1.3; margin: 16px 0 4px; }
p { margin: 0 0 16px; }
.lead, .fine { color: var(--muted); font-size: 0.9rem; }
.fine { margin: 16px 0 0; font-size: 0.8rem; }
label { display: block; font-weight: 600; font-size: 0.875rem; margin: 12px 0 4px; }
input {
  width: 100%; padding: 10px 12px; font: inherit; color: inherit; background: transparent;
  border: 1px solid var(--border); border-radius: 8px;
}
button {
  width: 100%; margin-top: 20px; padding: 10px 12px; font: inherit; font-weight: 600;
  color: var(--accent-text); background: var(--accent); border: 0; border-radius: 8px; cursor: pointer;
}
button.secondary { margin-top: 8px; color: var(--text); background: transparent; border: 1px solid var(--border); }
button:hover { filter: brightness(1.08); }
input:focus-visible, button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.error {
  margin: 8px 0 0; padding: 8px 12px; border-radius: 8px;
  background: var(--error-bg); color: var(--error); font-size: 0.9rem;
}
@media (max-width: 400px) {
  body { padding: 0; align-items: stretch; }
  main { max-width: none; border: 0; border-radius: 0; box-shadow: none; }
}
`;

function Brand() {
  return (
    <div class="brand">
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        <circle cx="12" cy="12" r="4" fill="none" stroke="#ffffff" stroke-width="1.5" />
        <circle cx="12" cy="12" r="1.2" fill="#ffffff" />
      </svg>
      Crate store
    </div>
  );
}

function render(title: string, body: ComponentChildren, formTargets: string[]): HtmlPage {
  const nonce = randomBytes(16).toString('base64');
  const html = renderToString(
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="referrer" content="no-referrer" />
        <title>{title}</title>
        {/* Static CSS from this module; inserted raw so that selectors are not HTML-escaped. */}
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: styles }} />
      </head>
      <body>
        <main>
          <Brand />
          {body}
        </main>
      </body>
    </html>,
  );
  const formAction = formTargets.length ? `form-action ${formTargets.join(' ')}` : "form-action 'none'";
  return {
    html: `<!DOCTYPE html>${html}`,
    contentSecurityPolicy: `default-src 'none'; style-src 'nonce-${nonce}'; ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
  };
}

export interface LoginPageProps {
  /** Where the form posts: the interaction's own URL. */
  action: string;
  clientName: string;
  username?: string;
  /** Why the last attempt failed, shown above the form. */
  message?: string;
  /**
   * The origin the sign-in finally redirects to (the extension's redirect URI): browsers apply
   * form-action to the redirects that follow a form submission too.
   */
  redirectOrigin?: string;
}

export function loginPage({
  action,
  clientName,
  username,
  message,
  redirectOrigin,
}: LoginPageProps): HtmlPage {
  return render(
    'Sign in · Crate store',
    <>
      <h1>Sign in</h1>
      <p class="lead">{clientName} wants to use your store account: your cart and your downloads.</p>
      {message && (
        <p class="error" role="alert" id="login-error">
          {message}
        </p>
      )}
      <form method="post" action={action}>
        <label for="username">Username</label>
        <input
          id="username"
          name="username"
          value={username ?? ''}
          autocomplete="username"
          autocapitalize="none"
          spellcheck={false}
          maxLength={64}
          required
          autofocus={!username}
          aria-describedby={message ? 'login-error' : undefined}
        />
        <label for="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="current-password"
          maxLength={1024}
          required
          autofocus={Boolean(username)}
        />
        <button type="submit">Sign in</button>
      </form>
      <p class="fine">
        Your password goes to the store only. {clientName} gets a token that signing out revokes.
      </p>
    </>,
    ["'self'", ...(redirectOrigin ? [redirectOrigin] : [])],
  );
}

export function messagePage(title: string, message: string): HtmlPage {
  return render(
    `${title} · Crate store`,
    <>
      <h1>{title}</h1>
      <p class="lead">{message}</p>
    </>,
    [],
  );
}

/**
 * The sign-out confirmation. `providerForm` is the hidden form oidc-provider builds (with its
 * anti-forgery token); the buttons submit it by id.
 */
export function signOutPage(providerForm: string): HtmlPage {
  return render(
    'Sign out · Crate store',
    <>
      <h1>Sign out of the store?</h1>
      <div dangerouslySetInnerHTML={{ __html: providerForm }} />
      <button type="submit" form="op.logoutForm" name="logout" value="yes">
        Sign out
      </button>
      <button type="submit" form="op.logoutForm" class="secondary">
        Stay signed in
      </button>
    </>,
    ["'self'"],
  );
}
