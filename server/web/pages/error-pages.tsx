import type { PageShell } from '../layout.tsx';
import { MessagePage } from './message-page.tsx';

export const notFoundView = (shell: PageShell) => (
  <MessagePage
    shell={shell}
    title="Page not found"
    message="There is no page at this address. The track, release or chart may have been removed, or the link is mistyped."
  />
);

/** A request the website could not serve: the client's (4xx) or the store's fault (5xx). */
export const errorView = (shell: PageShell, status: number) =>
  status >= 500 ? (
    <MessagePage
      shell={shell}
      title="Something went wrong"
      message="The store had a problem showing this page. Try again in a moment."
    />
  ) : (
    <MessagePage
      shell={shell}
      title="That did not work"
      message="The store could not read that request. Go back and try again."
    />
  );
