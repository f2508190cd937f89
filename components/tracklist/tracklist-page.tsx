import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { tracklistLines } from '../../lib/contract/tracklist-line.ts';
import type { AudioFormat } from '../../lib/contract/wire.ts';
import { errorMessage } from '../../lib/i18n/error-message.ts';
import { formatCount } from '../../lib/i18n/intl.ts';
import { type MarkedTracklistLine, maxTracklistPageLines } from '../../lib/protocol/messages.ts';
import { send } from '../../lib/protocol/send.ts';
import { defaultAudioFormatSetting } from '../../lib/storage/items.ts';
import { cartPlan, suggestedCartName } from '../../lib/tracklist/cart-plan.ts';
import { CartFill } from './cart-fill.tsx';
import { TracklistInput, type TracklistInputValue } from './tracklist-input.tsx';
import { TracklistLines } from './tracklist-lines.tsx';

type Matched = { lines: MarkedTracklistLine[]; cartName: string };

/** The lines to match, or why not: none, or more than the page takes at once. */
function linesToMatch(text: string): { lines: string[] } | { problem: string } {
  const lines = tracklistLines(text);
  while (lines.length > 0 && lines.at(-1)?.trim() === '') lines.pop();
  if (lines.every((line) => line.trim() === '')) return { problem: i18n.t('tracklist.empty') };
  if (lines.length > maxTracklistPageLines)
    return {
      problem: i18n.t('tracklist.tooMany', [formatCount(lines.length), formatCount(maxTracklistPageLines)]),
    };
  return { lines };
}

/** A count per result, above the lines. */
function Counts({ lines }: { lines: readonly MarkedTracklistLine[] }) {
  const count = (outcome: MarkedTracklistLine['outcome']) =>
    formatCount(lines.filter((line) => line.outcome === outcome).length);
  return (
    <p class="tracklist-counts" role="status">
      {i18n.t('tracklist.counts', [count('track'), count('otherMixes'), count('notFound')])}
    </p>
  );
}

/**
 * "From a tracklist": paste or choose a list, see each line as read and what the store has of it,
 * marked with what the DJ already has, and fill a cart with the rest in one action.
 */
export function TracklistPage() {
  const [input, setInput] = useState<TracklistInputValue>({ text: '', sourceName: null });
  const [matched, setMatched] = useState<Matched | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [format, setFormat] = useState<AudioFormat>('mp3');
  useEffect(() => void defaultAudioFormatSetting.getValue().then(setFormat), []);

  async function match() {
    const wanted = linesToMatch(input.text);
    setMatched(null);
    if ('problem' in wanted) {
      setProblem(wanted.problem);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const lines = await send('matchTracklist', { lines: wanted.lines });
      setMatched({ lines, cartName: suggestedCartName(input.sourceName, wanted.lines) });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="options-page tracklist-page">
      <header class="options-header">
        <img src="/icon/48.png" width={40} height={40} alt="" />
        <div>
          <h1>{i18n.t('tracklist.title')}</h1>
          <p class="hint">{i18n.t('tracklist.intro')}</p>
        </div>
      </header>
      <TracklistInput
        value={input}
        onChange={(value) => {
          setInput(value);
          setMatched(null);
        }}
        onProblem={setProblem}
      />
      <button type="button" class="primary" disabled={busy} onClick={() => void match()}>
        {busy ? i18n.t('tracklist.matching') : i18n.t('tracklist.match')}
      </button>
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      {matched && (
        <>
          <Counts lines={matched.lines} />
          <CartFill
            key={matched.cartName}
            plan={cartPlan(matched.lines)}
            suggestedName={matched.cartName}
            defaultFormat={format}
          />
          <TracklistLines lines={matched.lines} />
        </>
      )}
    </div>
  );
}
