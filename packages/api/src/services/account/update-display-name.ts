import { eq, users, type Db } from '@presently/db'

/**
 * Sets the name the account shows to others on shared lists and claims (issue 43 §5), or clears
 * it with null. The caller has checked it with displayNameField (≤ 100 characters, not an email).
 * @returns the name now stored.
 */
export async function updateDisplayName(
  db: Db,
  input: { userId: number; displayName: string | null },
): Promise<{ displayName: string | null }> {
  await db
    .update(users)
    .set({ displayName: input.displayName, updatedAt: new Date() })
    .where(eq(users.id, input.userId))
  return { displayName: input.displayName }
}
