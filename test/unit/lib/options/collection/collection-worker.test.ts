// @vitest-environment happy-dom
/**
 * The collection import worker's side of its protocol (worker-protocol.ts): a file or a folder's
 * files in batches come in; progress, then one outcome (the source kept in IndexedDB with its
 * compact index, or why nothing was) goes out.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportReport, ImportRequest } from '../../../../../lib/options/collection/worker-protocol.ts';
import { collectionStore } from '../../../../../lib/storage/collection-store.ts';
import { taggedMp3 } from '../../../../helpers/tagged-mp3.ts';

const reports: ImportReport[] = [];

beforeAll(async () => {
  vi.stubGlobal('postMessage', (report: ImportReport) => reports.push(report));
  await import('../../../../../lib/options/collection/collection-worker.ts');
});
afterAll(() => vi.unstubAllGlobals());

const send = (request: ImportRequest) => dispatchEvent(new MessageEvent('message', { data: request }));

/** The run's outcome, once the worker has sent one. */
async function outcome(): Promise<Exclude<ImportReport, { type: 'progress' }>> {
  await vi.waitFor(() => expect(reports.some((report) => report.type !== 'progress')).toBe(true));
  const found = reports.find((report) => report.type !== 'progress');
  reports.length = 0;
  return found as Exclude<ImportReport, { type: 'progress' }>;
}

describe('the collection import worker', () => {
  it('reads a folder sent in batches, keeps it in IndexedDB and answers with its index', async () => {
    send({ type: 'folder', name: 'Promos' });
    send({ type: 'files', files: [{ path: 'Glue.mp3', file: taggedMp3('Bicep', 'Glue') }] });
    send({
      type: 'files',
      files: [
        { path: 'Friday/Latch.mp3', file: taggedMp3('Disclosure, Sam Smith', 'Latch') },
        { path: 'cover.jpg', file: new File(['x'], 'cover.jpg') },
      ],
    });
    send({ type: 'end' });
    const done = await outcome();
    if (done.type !== 'done') throw new Error(JSON.stringify(done));
    expect(done.source).toMatchObject({ id: 'folder:Promos', tracks: 2, skipped: { notMusic: 1 } });
    expect(done.index).toMatchObject({ id: 'folder:Promos', name: 'Promos', tracks: 2 });
    expect(done.index.keys.length).toBeGreaterThan(0);
    expect((await collectionStore().tracks('folder:Promos')).map((t) => t.title)).toEqual(['Glue', 'Latch']);
  });

  it('answers a file that is no collection with the refusal, naming the file', async () => {
    send({ type: 'file', file: new File(['<html></html>'], 'page.xml') });
    expect(await outcome()).toEqual({
      type: 'failed',
      failure: { refusal: 'notCollection', subject: 'page.xml' },
    });
  });
});
