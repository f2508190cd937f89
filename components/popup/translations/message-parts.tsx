import type { ComponentChildren } from 'preact';

/**
 * A message with elements in it ("Total <strong>$1.49</strong>"): the message is asked for with a
 * marker in place of each element (`part(0)` as its $1), then split on the markers, so each
 * language keeps its own word order around the element.
 */
export const part = (index: number) => `\uE000${index}\uE001`;

export function withParts(text: string, ...parts: ComponentChildren[]): ComponentChildren {
  return (
    <>
      {text.split(/\uE000(\d)\uE001/).map((piece, index) => (index % 2 === 1 ? parts[Number(piece)] : piece))}
    </>
  );
}
