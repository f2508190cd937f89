import { Layout, type PageShell } from '../layout.tsx';

/** A page that only says something: not found, a refused form, a failure. */
export function MessagePage({ shell, title, message }: { shell: PageShell; title: string; message: string }) {
  return (
    <Layout shell={shell} title={title}>
      <section class="panel narrow">
        <h1>{title}</h1>
        <p>{message}</p>
        <p>
          <a class="button" href="/">
            Go to the home page
          </a>{' '}
          <a class="button button-quiet" href="/charts">
            Browse the charts
          </a>
        </p>
      </section>
    </Layout>
  );
}
