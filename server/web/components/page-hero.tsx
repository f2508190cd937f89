import type { ComponentChildren } from 'preact';
import { coverSize } from '../../artwork/cover-paths.ts';
import { CoverImage } from './cover-image.tsx';

/**
 * The top of a detail page: a large cover, what kind of page it is, the title and facts. On a
 * track or release page the title links to the page itself, so the item is found by its link
 * like everywhere else.
 */
export function PageHero({
  cover,
  coverReleaseId,
  kicker,
  title,
  titleHref,
  children,
}: {
  cover: string;
  /** The release whose cover picture to show, on a release or track page. */
  coverReleaseId?: number;
  kicker: string;
  title: ComponentChildren;
  titleHref?: string;
  children?: ComponentChildren;
}) {
  return (
    <section class="hero">
      {coverReleaseId === undefined ? (
        <span class={`${cover} cover-large`} aria-hidden="true" />
      ) : (
        <CoverImage releaseId={coverReleaseId} size={coverSize} extraClass="cover-large" lazy={false} />
      )}
      <div class="hero-text">
        <p class="kicker">{kicker}</p>
        <h1>{titleHref ? <a href={titleHref}>{title}</a> : title}</h1>
        {children}
      </div>
    </section>
  );
}

export type Fact = [name: string, value: ComponentChildren];

/** A list of name/value facts (BPM, key, catalog number...); `false` entries are left out. */
export function Facts({ facts }: { facts: (Fact | false)[] }) {
  return (
    <dl class="facts">
      {facts
        .filter((fact): fact is Fact => fact !== false)
        .map(([name, value]) => (
          <div key={name} class="fact">
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
