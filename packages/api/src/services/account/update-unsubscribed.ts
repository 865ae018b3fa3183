import { eq, users, type Db } from '@presently/db'

/** Turns email notifications off (true) or on (false) for the account (account-area §2). */
export async function updateUnsubscribed(
  db: Db,
  input: { userId: number; unsubscribed: boolean },
): Promise<{ unsubscribed: boolean }> {
  await db
    .update(users)
    .set({ unsubscribed: input.unsubscribed, updatedAt: new Date() })
    .where(eq(users.id, input.userId))
  return { unsubscribed: input.unsubscribed }
}
