import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import {
  readTracklistFile,
  type TracklistFileError,
  type TracklistText,
} from '../../lib/tracklist/tracklist-file.ts';

/** What the DJ gave: the lines, and the name of the file or playlist they came from (null: pasted). */
export interface TracklistInputValue {
  text: string;
  sourceName: string | null;
}

const fileProblem = (error: TracklistFileError) =>
  i18n.t(`tracklist.fileErrors.${error.refusal}`, [error.subject]);

/**
 * The tracklist as pasted, or read from a chosen or dropped file: a DJ export's playlists are
 * offered to pick from, and the picked one's lines fill the box, where they can still be edited.
 */
export function TracklistInput({
  value,
  onChange,
  onProblem,
}: {
  value: TracklistInputValue;
  onChange: (value: TracklistInputValue) => void;
  onProblem: (problem: string | null) => void;
}) {
  const [playlists, setPlaylists] = useState<TracklistText[]>([]);
  const [dragging, setDragging] = useState(false);

  async function read(file: File) {
    onProblem(null);
    setPlaylists([]);
    try {
      const read = await readTracklistFile(file);
      if (read.kind === 'lines') onChange({ text: read.lines.join('\n'), sourceName: read.name });
      else {
        setPlaylists(read.playlists);
        const first = read.playlists[0] as TracklistText;
        onChange({ text: first.lines.join('\n'), sourceName: first.name });
      }
    } catch (error) {
      if (error instanceof Error && 'refusal' in error) onProblem(fileProblem(error as TracklistFileError));
      else onProblem(i18n.t('tracklist.fileErrors.unreadable', [file.name]));
    }
  }

  return (
    // A drop zone for the file chooser beside it: the chooser stays the keyboard's way in.
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a pointer's shortcut
    <section
      class={`card tracklist-input${dragging ? ' dragging' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const file = event.dataTransfer?.files[0];
        if (file) void read(file);
      }}
    >
      <label>
        {i18n.t('tracklist.pasteLabel')}
        <textarea
          rows={12}
          value={value.text}
          placeholder={i18n.t('tracklist.pastePlaceholder')}
          onInput={(event) => onChange({ text: event.currentTarget.value, sourceName: value.sourceName })}
        />
      </label>
      <label>
        {i18n.t('tracklist.file')}
        <input
          type="file"
          accept=".txt,.m3u,.m3u8,.csv,.tsv,.xml,.nml,text/plain,text/csv"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void read(file);
          }}
        />
      </label>
      <p class="hint">{i18n.t('tracklist.drop')}</p>
      {playlists.length > 1 && (
        <label>
          {i18n.t('tracklist.playlist')}
          <select
            onChange={(event) => {
              const picked = playlists[Number(event.currentTarget.value)] as TracklistText;
              onChange({ text: picked.lines.join('\n'), sourceName: picked.name });
            }}
          >
            {playlists.map((playlist, index) => (
              <option key={playlist.name} value={index}>
                {i18n.t('tracklist.playlistOption', [playlist.name, String(playlist.lines.length)])}
              </option>
            ))}
          </select>
        </label>
      )}
    </section>
  );
}
