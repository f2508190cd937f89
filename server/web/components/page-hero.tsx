import type { ComponentChildren } from 'preact';

/**
 * The top of a detail page: a large cover, what kind of page it is, the title and facts. On a
 * track or release page the title links to the page itself, so the item is found by its link
 * like everywhere else.
 */
export function PageHero({
  cover,
  kicker,
  title,
  titleHref,
  children,
}: {
  cover: string;
  kicker: string;
  title: ComponentChildren;
  titleHref?: string;
  children?: ComponentChildren;
}) {
  return (
    <section class="hero">
      <span class={`${cover} cover-large`} aria-hidden="true" />
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
