import { i18n } from '#i18n';
import { plural } from '../../lib/i18n/plural.ts';

/** Options for "New for you": how often Crate asks the store, and whether it notifies. */
export interface FeedOptions {
  hours: number;
  notify: boolean;
}

const periods = [1, 3, 6, 12, 24];

export function NewForYouSection({
  value,
  onChange,
}: {
  value: FeedOptions;
  onChange(value: FeedOptions): void;
}) {
  const choices = periods.includes(value.hours) ? periods : [...periods, value.hours].sort((a, b) => a - b);
  return (
    <section class="card" aria-labelledby="feed-heading">
      <h2 id="feed-heading">{i18n.t('options.feed.heading')}</h2>
      <label>
        {i18n.t('options.feed.every')}
        <select
          name="feedRefreshHours"
          value={String(value.hours)}
          aria-describedby="feed-hint"
          onChange={(event) => onChange({ ...value, hours: Number(event.currentTarget.value) })}
        >
          {choices.map((hours) => (
            <option key={hours} value={String(hours)}>
              {plural('options.feed.hours', hours)}
            </option>
          ))}
        </select>
      </label>
      <p id="feed-hint" class="hint">
        {i18n.t('options.feed.hint')}
      </p>
      <label class="inline">
        <input
          name="feedNotifications"
          type="checkbox"
          checked={value.notify}
          onChange={(event) => onChange({ ...value, notify: event.currentTarget.checked })}
        />
        {i18n.t('options.feed.notify')}
      </label>
    </section>
  );
}
