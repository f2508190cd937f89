import { Layout, type PageShell } from '../layout.tsx';

/** Sign-out is a POST carrying the session's CSRF token; this page offers the button. */
export function SignOutPage({ shell }: { shell: PageShell }) {
  const { viewer } = shell;
  return (
    <Layout shell={shell} title="Sign out">
      <section class="panel narrow">
        <h1>Sign out</h1>
        {viewer.signedIn ? (
          <form class="form" method="post" action="/sign-out">
            <p>
              Signed in as <strong>{viewer.username}</strong>.
            </p>
            <input type="hidden" name="csrf" value={viewer.csrfToken} />
            <button type="submit" class="button">
              Sign out
            </button>
          </form>
        ) : (
          <p>
            You are signed out. <a href="/sign-in">Sign in</a> or go to the <a href="/">home page</a>.
          </p>
        )}
      </section>
    </Layout>
  );
}
