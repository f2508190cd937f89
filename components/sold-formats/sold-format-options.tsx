/**
 * The format choices every page offers (the options' default format, the tracklist's, the popup's
 * "Set all items to" and "New for you"): the formats the store sells, from its last cart answer
 * (lib/storage/sold-formats.ts), so a format the store adds appears with no new extension.
 */
import { useEffect, useState } from 'preact/hooks';
import { type AudioFormat, audioFormats, formatLabel } from '../../lib/contract/audio-formats.ts';
import { soldFormatsItem, storeUrlSetting } from '../../lib/storage/items.ts';
import { soldFormatsOf } from '../../lib/storage/sold-formats.ts';

/** The formats the configured store sells, kept current while the page is open. */
export function useSoldFormats(): readonly AudioFormat[] {
  const [formats, setFormats] = useState<readonly AudioFormat[]>(audioFormats);
  useEffect(() => {
    let storeUrl = '';
    const read = async () => setFormats(soldFormatsOf(await soldFormatsItem.getValue(), storeUrl));
    void storeUrlSetting.getValue().then((url) => {
      storeUrl = url;
      return read();
    });
    const unwatchList = soldFormatsItem.watch(() => void read());
    const unwatchStore = storeUrlSetting.watch((url) => {
      storeUrl = url;
      void read();
    });
    return () => {
      unwatchList();
      unwatchStore();
    };
  }, []);
  return formats;
}

/** One `<option>` per format the store sells; `current` stays listed when the store no longer sells it. */
export function SoldFormatOptions({ current }: { current?: AudioFormat }) {
  const sold = useSoldFormats();
  const listed = current === undefined || sold.includes(current) ? sold : [...sold, current];
  return (
    <>
      {listed.map((format) => (
        <option key={format} value={format}>
          {formatLabel(format)}
        </option>
      ))}
    </>
  );
}
