/**
 * The USB stick export's messages: the worker asks the store (tokens stay here) and the stick page
 * writes. The audio does not pass through messages: the page streams it from a signed link, which
 * is the only credential it gets and expires in minutes (docs/api.md).
 */
import { i18n } from '#i18n';
import type { Handlers } from '../../protocol/receive.ts';
import type { WorkerContext } from '../worker-context.ts';

export function stickHandlers(worker: WorkerContext) {
  return {
    trackWaveform: async ({ id }) => (await worker.api()).trackWaveform(id),
    async stickAudioLink({ entryId }) {
      const [link] = await (await worker.api()).initiateDownloads([entryId]);
      if (!link) throw new Error(i18n.t('stick.noLink'));
      return { url: link.url };
    },
  } satisfies Partial<Handlers>;
}
