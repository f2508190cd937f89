import { describe, expect, it, vi } from 'vitest';
import { coverCache } from '../../../../lib/usb-stick-page/stick-artwork.ts';

describe('coverCache', () => {
  it('asks for each cover once, and leaves a track without art when the store refuses it', async () => {
    const fetchImage = vi.fn(async () => new Response('gone', { status: 404 }));
    const cover = coverCache(fetchImage);
    expect(await cover('https://store.test/a.jpg')).toBeUndefined();
    expect(await cover('https://store.test/a.jpg')).toBeUndefined();
    expect(fetchImage).toHaveBeenCalledTimes(1);
  });

  it('leaves a track without art when the store cannot be reached', async () => {
    const cover = coverCache(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await cover('https://store.test/b.jpg')).toBeUndefined();
  });
});
