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
      <h2 id="feed-heading">New for you</h2>
      <label>
        Look for new releases every
        <select
          name="feedRefreshHours"
          value={String(value.hours)}
          aria-describedby="feed-hint"
          onChange={(event) => onChange({ ...value, hours: Number(event.currentTarget.value) })}
        >
          {choices.map((hours) => (
            <option key={hours} value={String(hours)}>
              {hours === 1 ? '1 hour' : `${hours} hours`}
            </option>
          ))}
        </select>
      </label>
      <p id="feed-hint" class="hint">
        Crate asks the store what the artists and labels you follow published, at most this often, and when
        you open the popup after longer. The toolbar badge counts new releases while your cart is empty.
      </p>
      <label class="inline">
        <input
          name="feedNotifications"
          type="checkbox"
          checked={value.notify}
          onChange={(event) => onChange({ ...value, notify: event.currentTarget.checked })}
        />
        Notify me of new releases
      </label>
    </section>
  );
}
