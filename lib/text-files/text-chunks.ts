/**
 * Reading a text file a DJ hands over (a collection export, a tracklist) in the encoding it
 * declares: the options page's collection import and the tracklist page both read them.
 */

/** The text encoding a file declares: a byte order mark, or the XML declaration's, else UTF-8. */
export function declaredEncoding(head: Uint8Array): string {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  const declaration = /^(?:\ufeff)?<\?xml[^>]*encoding=["']([\w.:-]+)["']/i.exec(
    new TextDecoder('latin1').decode(head),
  );
  const label = declaration?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return 'utf-8';
  }
}

/** A file's text in slices, for xmlTags. */
export async function* textChunks(file: Blob, encoding: string): AsyncGenerator<string> {
  const reader = file.stream().pipeThrough(new TextDecoderStream(encoding)).getReader();
  // A browser may hand over megabytes at once: slices of 256 kB keep each scan short.
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    for (let at = 0; at < next.value.length; at += 1 << 18) yield next.value.slice(at, at + (1 << 18));
  }
}
