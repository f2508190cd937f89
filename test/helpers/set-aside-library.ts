/**
 * Leaves a user's library empty, so that their next purchases are all "Download all" finds: every
 * entry not on this computer, whatever the store's status (docs/this-computer.md). The entries are
 * handed to a new account rather than deleted: a deleted row's id would be given to the next
 * purchase, and the browser's records of the old entry's file would speak for the new one.
 */
import { randomUUID } from 'node:crypto';
import { createUser } from '../../server/accounts/users.ts';
import type { StoreContext } from '../../server/context.ts';

export async function setAsideLibrary(ctx: Pick<StoreContext, 'db'>, userId: number): Promise<void> {
  const shelf = await createUser(ctx.db, `shelf-${randomUUID().slice(0, 8)}`, randomUUID());
  await ctx.db.run('UPDATE downloads SET user_id = ? WHERE user_id = ?', shelf.id, userId);
}
