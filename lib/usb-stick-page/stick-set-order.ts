/**
 * The stick's playlist in the order that plays as a set, when the DJ asks for it on the stick page
 * (the export dialog may have ordered the crate already; this orders whatever came): by the
 * catalog's key and tempo, in the energy shape chosen (lib/set-order).
 */
import { asSet } from '../set-order/as-set.ts';
import type { EnergyShape } from '../set-order/set-order.ts';
import type { StickPageRequest } from '../storage/items.ts';

export function inSetOrder(crate: StickPageRequest, shape: EnergyShape | null): StickPageRequest {
  if (shape === null) return crate;
  const entries = asSet(crate.entries, ({ track }) => ({ bpm: track.bpm, key: track.key }), shape).items;
  return { ...crate, entries };
}
