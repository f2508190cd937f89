/**
 * "On this computer": which library entries have their file here, as the worker reads this
 * browser's download records (lib/background/downloads/on-this-computer.ts). Null until the worker
 * answers; until then nothing is filtered by it and no row says here or not.
 */
import { send } from '../../protocol/send.ts';

/** The ids of the entries whose file is on this computer; null while the worker has not said. */
export type Here = ReadonlySet<number> | null;

/** Asks the worker which entries are on this computer. */
export async function askOnThisComputer(
  ask = () => send('onThisComputer', {}),
): Promise<ReadonlySet<number>> {
  const { downloadIds } = await ask();
  return new Set(downloadIds);
}

/** Whether one entry's file is here; undefined while the worker has not said. */
export const isHere = (here: Here, id: number): boolean | undefined => (here ? here.has(id) : undefined);
