import { Layout, type PageShell } from '../layout.tsx';

/** The sign-in form: the same accounts and passwords as the extension's OAuth login. */
export function SignInPage({
  shell,
  csrfToken,
  returnPath,
  username = '',
  error,
}: {
  shell: PageShell;
  csrfToken: string;
  returnPath: string;
  username?: string;
  error?: string;
}) {
  return (
    <Layout shell={shell} title="Sign in">
      <section class="panel narrow">
        <h1>Sign in</h1>
        <p class="lede">Use your Crate account, the same one the browser extension signs in with.</p>
        {error && (
          <p class="notice notice-error" role="alert">
            {error}
          </p>
        )}
        <form class="form" method="post" action="/sign-in">
          <input type="hidden" name="csrf" value={csrfToken} />
          <input type="hidden" name="return" value={returnPath} />
          <label>
            Username
            <input name="username" autocomplete="username" required maxLength={64} value={username} />
          </label>
          <label>
            Password
            <input
              name="password"
              type="password"
              autocomplete="current-password"
              required
              maxLength={1024}
            />
          </label>
          <button type="submit" class="button">
            Sign in
          </button>
        </form>
      </section>
    </Layout>
  );
}
