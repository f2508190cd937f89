import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { cartNameIssue } from '../../lib/contract/cart-name.ts';
import { namedCartPageUrl } from '../../lib/contract/store-urls.ts';
import type { AudioFormat, CartItem } from '../../lib/contract/wire.ts';
import { problemText, skippedBecause } from '../../lib/crate-words/crate-import-words.ts';
import { errorMessage } from '../../lib/i18n/error-message.ts';
import { formatCount } from '../../lib/i18n/intl.ts';
import { plural } from '../../lib/i18n/plural.ts';
import { crateFile } from '../../lib/protocol/crate-file.ts';
import type { CrateImportResult } from '../../lib/protocol/messages.ts';
import { send } from '../../lib/protocol/send.ts';
import { storeUrlSetting } from '../../lib/storage/items.ts';
import type { CartPlan, LeftOut } from '../../lib/tracklist/cart-plan.ts';
import { SoldFormatOptions } from '../sold-formats/sold-format-options.tsx';

type Filled = { cartName: string; result: CrateImportResult; undone: boolean };

const leftOutBecause = (why: LeftOut) => i18n.t(`tracklist.leftOut.${why}`);

/** Removes exactly what the fill added, 100 items a message (the protocol's limit). */
async function undo(cartName: string, added: readonly CartItem[]): Promise<void> {
  for (let start = 0; start < added.length; start += 100) {
    const items = added.slice(start, start + 100).map(({ id, type }) => ({ id, type }));
    await send('removeFromCart', { name: cartName, items });
  }
}

/** The store's page of the filled cart, where the DJ checks it out: the next step, one click away. */
function CheckoutLink({ cartName }: { cartName: string }) {
  const [storeUrl, setStoreUrl] = useState<string | null>(null);
  useEffect(() => void storeUrlSetting.getValue().then(setStoreUrl), []);
  if (!storeUrl) return null;
  return (
    <a
      class="button primary"
      href={`${storeUrl}${namedCartPageUrl(cartName)}`}
      target="_blank"
      rel="noopener"
    >
      {i18n.t('tracklist.checkOut', [cartName])}
    </a>
  );
}

function FillReport({ filled, plan, onUndo }: { filled: Filled; plan: CartPlan; onUndo: () => void }) {
  const { result, cartName } = filled;
  if (!result.imported) {
    return (
      <p role="alert" class="problem">
        {problemText(result.problem)}
      </p>
    );
  }
  return (
    <div role="status" class="fill-report">
      <p>
        {filled.undone
          ? i18n.t('tracklist.undone', [formatCount(result.added.length), cartName])
          : plural('tracklist.added', result.added.length, cartName)}
      </p>
      {!filled.undone && result.added.length > 0 && (
        <>
          <CheckoutLink cartName={cartName} />
          <button type="button" onClick={onUndo}>
            {i18n.t('tracklist.undo')}
          </button>
        </>
      )}
      {(plan.leftOut.length > 0 || result.skipped.length > 0) && (
        <ul aria-label={i18n.t('tracklist.leftOutLabel')}>
          {plan.leftOut.map((item) => (
            <li key={`line-${item.number}`}>
              {i18n.t('tracklist.leftOutLine', [String(item.number), item.text, leftOutBecause(item.why)])}
            </li>
          ))}
          {result.skipped.map((item) => (
            <li key={`track-${item.id}`}>
              {i18n.t('popup.share.skippedTrack', [String(item.id), skippedBecause[item.code]()])}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * One action fills a named cart with the planned tracks in the DJ's format, all or nothing (the
 * worker's crate import); the report says what was added and what was left out and why, and undo
 * takes out exactly what was added.
 */
export function CartFill({
  plan,
  suggestedName,
  defaultFormat,
}: {
  plan: CartPlan;
  suggestedName: string;
  defaultFormat: AudioFormat;
}) {
  const [name, setName] = useState(suggestedName);
  const [format, setFormat] = useState<AudioFormat>(defaultFormat);
  const [busy, setBusy] = useState(false);
  const [filled, setFilled] = useState<Filled | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const nameIssue = cartNameIssue(name);

  async function act(work: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const fill = () =>
    act(async () => {
      const items = plan.trackIds.map((id) => ({ id, type: 'track' as const, audioFormat: format }));
      const result = await send('importCrate', { cartName: name, crate: crateFile(name, items) });
      setFilled({ cartName: name, result, undone: false });
    });

  const undoFill = () =>
    act(async () => {
      if (!filled?.result.imported) return;
      await undo(filled.cartName, filled.result.added);
      setFilled({ ...filled, undone: true });
    });

  return (
    <section class="card cart-fill">
      <h2>{i18n.t('tracklist.fillHeading')}</h2>
      <label>
        {i18n.t('tracklist.cartName')}
        <input value={name} maxLength={64} onInput={(event) => setName(event.currentTarget.value)} />
      </label>
      {nameIssue && <p class="problem">{i18n.t('tracklist.cartNameProblem')}</p>}
      <label>
        {i18n.t('tracklist.format')}
        <select value={format} onChange={(event) => setFormat(event.currentTarget.value as AudioFormat)}>
          <SoldFormatOptions current={format} />
        </select>
      </label>
      {plan.trackIds.length === 0 ? (
        <p class="hint">{i18n.t('tracklist.nothingToFill')}</p>
      ) : (
        <button
          type="button"
          class="primary"
          disabled={busy || nameIssue !== null}
          onClick={() => void fill()}
        >
          {plural('tracklist.fill', plan.trackIds.length)}
        </button>
      )}
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      {filled && <FillReport filled={filled} plan={plan} onUndo={() => void undoFill()} />}
    </section>
  );
}
