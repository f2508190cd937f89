/**
 * A release's cover as the players show it: a 240x240 JPEG (rekordbox's `_m` size; the store's
 * are 500x500 or more), made once per cover for the whole export. A cover that cannot be fetched
 * or decoded leaves the track without artwork rather than stopping the export.
 */

/** rekordbox's medium artwork's side, in pixels. */
const side = 240;

async function shrunk(image: Blob): Promise<Uint8Array> {
  const bitmap = await createImageBitmap(image, {
    resizeWidth: side,
    resizeHeight: side,
    resizeQuality: 'high',
  });
  const canvas = new OffscreenCanvas(side, side);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Uint8Array(
    await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 })).arrayBuffer(),
  );
}

/** Covers by address, each fetched and shrunk once. */
export function coverCache(fetchImage: (uri: string) => Promise<Response>) {
  const covers = new Map<string, Promise<Uint8Array | undefined>>();
  return (uri: string): Promise<Uint8Array | undefined> => {
    let cover = covers.get(uri);
    if (!cover) {
      cover = fetchImage(uri)
        .then(async (response) => (response.ok ? shrunk(await response.blob()) : undefined))
        .catch(() => undefined);
      covers.set(uri, cover);
    }
    return cover;
  };
}
