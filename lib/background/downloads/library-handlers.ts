/**
 * The download library's messages: its pages, saving entries' files, a sample for the file name
 * preview, a promotional track, and the bulk download queue (download-service.ts).
 */
import type { Handlers } from '../../protocol/receive.ts';
import type { CartService } from '../cart/cart-service.ts';
import { downloadFiles } from '../download-file.ts';
import type { WorkerContext } from '../worker-context.ts';
import type { DownloadService } from './download-service.ts';
import { jobNamer, releasesOf } from './library-jobs.ts';

export function libraryHandlers(worker: WorkerContext, cart: CartService, downloads: DownloadService) {
  return {
    library: async (query) => (await worker.api()).downloads(query),
    purchasedCrates: async () => (await worker.api()).purchasedCrates(),
    async initiateDownloads({ entries }) {
      const client = await worker.api();
      const namer = await jobNamer(
        client,
        entries.map((entry) => entry.track),
      );
      return downloadFiles(client, entries, (entry) => namer(entry.track, entry.audioFormat, entry.id).path);
    },
    async filenameSample() {
      if (!(await worker.signedIn())) return null;
      const client = await worker.api();
      const entry = (await client.downloads({ page: 1, perPage: 1 })).results[0];
      if (!entry) return null;
      const release = (await releasesOf(client, [entry.track])).get(entry.track.release.id) ?? null;
      return { entry, release };
    },
    async promoDownload({ trackId }) {
      const link = await (await worker.api()).promoDownload(trackId);
      await cart.promoDownloaded(trackId);
      return link;
    },
    ...downloads.handlers,
  } satisfies Partial<Handlers>;
}
