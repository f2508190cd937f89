/**
 * The store's waveform overview and cues of the library rows on screen: rows mount and unmount as
 * the list scrolls, so each asks for its track, and the asks of one render are gathered into one
 * `trackAnalyses` message (at most 100 tracks each) after the rows are painted. Read from the popup
 * cache first (a track's analysis does not change), then kept there; never for rows not drawn.
 */
import { useEffect, useState } from 'preact/hooks';
import type { TrackAnalysis } from '../../../lib/contract/track-analysis.ts';
import { send } from '../../../lib/protocol/send.ts';
import { type CacheScope, popupCache } from '../../../lib/storage/popup-cache.ts';

/** What a row draws: the overview, the cues' names and the energy, not the rest of the analysis. */
export type RowWaveform = Pick<TrackAnalysis, 'waveformOverview' | 'cues' | 'energy'>;

const perMessage = 100;
const cacheKey = (trackId: number) => `waveform:${trackId}`;
const scopeKey = (scope: CacheScope) => `${scope.storeUrl}\n${scope.username}`;

/** Known this popup: a track's waveform, or null when the store has none (or could not answer). */
const known = new Map<string, RowWaveform | null>();
const asked = new Set<string>();
const waiting = new Map<string, { scope: CacheScope; ids: Set<number> }>();
const listeners = new Set<() => void>();

function ask(scope: CacheScope, trackId: number): void {
  const key = `${scopeKey(scope)}\n${trackId}`;
  if (asked.has(key)) return;
  asked.add(key);
  const batch = waiting.get(scopeKey(scope)) ?? { scope, ids: new Set<number>() };
  if (waiting.size === 0) queueMicrotask(flush);
  batch.ids.add(trackId);
  waiting.set(scopeKey(scope), batch);
}

function flush(): void {
  const batches = [...waiting.values()];
  waiting.clear();
  for (const { scope, ids } of batches) void load(scope, [...ids]);
}

async function load(scope: CacheScope, ids: number[]): Promise<void> {
  const found = (id: number, waveform: RowWaveform | null) =>
    known.set(`${scopeKey(scope)}\n${id}`, waveform);
  const stored = await Promise.all(ids.map((id) => popupCache.get<RowWaveform>(scope, cacheKey(id))));
  const missing = ids.filter((id, index) => {
    const hit = stored[index];
    if (hit) found(id, hit.value);
    return !hit;
  });
  notify();
  for (let start = 0; start < missing.length; start += perMessage) {
    const chunk = missing.slice(start, start + perMessage);
    try {
      const answered = await send('trackAnalyses', { ids: chunk });
      for (const { id, analysis } of answered) {
        const waveform = {
          waveformOverview: analysis.waveformOverview,
          cues: analysis.cues,
          energy: analysis.energy,
        };
        found(id, waveform);
        void popupCache.put(scope, cacheKey(id), waveform);
      }
    } catch {
      // The rows stay without a waveform until the popup opens again.
    }
    for (const id of chunk) if (!known.has(`${scopeKey(scope)}\n${id}`)) found(id, null);
    notify();
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** A library row's waveform: undefined while asked, null when the store has none. */
export function useTrackWaveform(scope: CacheScope | null, trackId: number): RowWaveform | null | undefined {
  const key = scope ? `${scopeKey(scope)}\n${trackId}` : '';
  const [waveform, setWaveform] = useState(() => known.get(key));
  useEffect(() => {
    if (!scope) return;
    const update = () => setWaveform(known.get(key));
    listeners.add(update);
    update();
    ask(scope, trackId);
    return () => {
      listeners.delete(update);
    };
  }, [key]);
  return waveform;
}
