/** One track of a DJ's collection as a source describes it, before matching folds it. */
export interface CollectionTrack {
  /** The main artists as the source writes them ("A & B feat. C"). */
  artists: string;
  title: string;
  /** The mix name ("Extended Mix"); empty when the source has none (the title may hold it). */
  mix: string;
  remixers: string;
  album: string;
  label: string;
  /** Where the file is, as the source says (a file URL, a path); empty when not said. */
  location: string;
  key: string;
  bpm: number | null;
  isrc: string | null;
}

/** A playlist of a DJ program's export, its tracks in order, its name with its folders ("Gigs / Friday"). */
export interface DjPlaylist {
  name: string;
  tracks: CollectionTrack[];
}

/** The fields a music file's tags give (ID3, Vorbis comments), as their text. */
export type FileTags = Partial<
  Record<'artists' | 'title' | 'mix' | 'remixers' | 'album' | 'label' | 'key' | 'bpm' | 'isrc', string>
>;
