/**
 * Reads a VirtualDJ database.xml enough to add to it without rewriting it: which files it already
 * lists (a song is known by its FilePath), and where its closing tag starts, so new songs go in
 * before it and every byte the DJ's VirtualDJ wrote stays as it was. The text is streamed through
 * the tag reader a megabyte at a time: a DJ's database can hold tens of thousands of songs.
 */
import { xmlTags } from '../xml-tags.ts';

export const databaseElement = 'VirtualDJ_Database';

export interface VirtualDjDatabase {
  /** The root's Version ("8.2", "2023"), as VirtualDJ wrote it. */
  version: string;
  /** Every song's FilePath, exactly as written. */
  filePaths: Set<string>;
  /** Where `</VirtualDJ_Database>` starts, in bytes. */
  endTagOffset: number;
}

export class VirtualDjDatabaseError extends Error {
  override name = 'VirtualDjDatabaseError';
}

const chunkChars = 1 << 20;

async function* textChunks(text: string): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += chunkChars) yield text.slice(at, at + chunkChars);
}

/** The start of the last `</VirtualDJ_Database` in the bytes, -1 when absent. */
function lastEndTag(bytes: Uint8Array): number {
  const pattern = new TextEncoder().encode(`</${databaseElement}`);
  for (let at = bytes.length - pattern.length; at >= 0; at--) {
    let match = true;
    for (let i = 0; i < pattern.length && match; i++) match = bytes[at + i] === pattern[i];
    if (match) return at;
  }
  return -1;
}

/** The database in `bytes`; throws VirtualDjDatabaseError for anything VirtualDJ would not have written. */
export async function readVirtualDjDatabase(bytes: Uint8Array): Promise<VirtualDjDatabase> {
  let text: string;
  try {
    // Since VirtualDJ 6 the database is UTF-8 (virtualdj.com/wiki/VDJ_database.html).
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw new VirtualDjDatabaseError('database.xml is not UTF-8 text', { cause: error });
  }
  const open: string[] = [];
  const filePaths = new Set<string>();
  let version: string | undefined;
  let closed = false;
  for await (const tags of xmlTags(textChunks(text))) {
    for (const tag of tags) {
      if (closed) throw new VirtualDjDatabaseError(`<${tag.name}> after the database's end`);
      if (tag.end) {
        if (open.pop() !== tag.name) throw new VirtualDjDatabaseError(`</${tag.name}> closes nothing open`);
        closed = open.length === 0;
        continue;
      }
      if (open.length === 0) {
        if (tag.name !== databaseElement || version !== undefined)
          throw new VirtualDjDatabaseError(`<${tag.name}> is not a VirtualDJ database`);
        version = tag.attributes.Version ?? '';
      } else if (open.length === 1 && tag.name === 'Song') {
        const path = tag.attributes.FilePath;
        if (path === undefined) throw new VirtualDjDatabaseError('a <Song> without a FilePath');
        filePaths.add(path);
      }
      open.push(tag.name);
    }
  }
  if (version === undefined || !closed) throw new VirtualDjDatabaseError('the database is cut short');
  const endTagOffset = lastEndTag(bytes);
  // A root written as one empty tag has no place to add songs in; VirtualDJ writes an end tag.
  if (endTagOffset < 0) throw new VirtualDjDatabaseError(`no </${databaseElement}> to add songs before`);
  return { version, filePaths, endTagOffset };
}
