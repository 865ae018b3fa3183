import { and, eq, exchangeLinks, exchangeParticipants, exchanges, users } from '@presently/db'
import { AppError, EXCHANGE_MESSAGES } from '@presently/domain'
import type { Executor } from '../auth/executor.ts'
import { generateLinkToken, hashLinkToken, looksLikeLinkToken } from '../secret-links/link-token.ts'
import { displayNameOf } from '../wish-lists/read-items.ts'

export type ExchangeRow = typeof exchanges.$inferSelect
export type ParticipantRow = typeof exchangeParticipants.$inferSelect

/**
 * The exchange `id` organised by `organiserId`, optionally locked (`update` for the draw and
 * changes to who is in it, `share` for reads that must not interleave with them).
 * @throws AppError NOT_FOUND "Exchange not found" for a missing exchange or another user's
 *   (issue 36: 404 for others' exchanges).
 */
export async function ownExchange(
  db: Executor,
  organiserId: number,
  id: number,
  lock?: 'update' | 'share',
): Promise<ExchangeRow> {
  const query = db
    .select()
    .from(exchanges)
    .where(and(eq(exchanges.id, id), eq(exchanges.organiserId, organiserId)))
  const [row] =
    lock === 'update' ? await query.for('update') : lock === 'share' ? await query.for('share') : await query
  if (!row) throw new AppError('NOT_FOUND', EXCHANGE_MESSAGES.notFound)
  return row
}

/** Who is asking on a participant's page: the bearer of a personal link, or a signed-in participant. */
export type ParticipantRef = { token: string } | { userId: number; exchangeId: number }

/**
 * The participant (and their exchange) a personal link or a signed-in user stands for.
 * @throws AppError NOT_FOUND "This exchange link does not work any more" for a malformed,
 *   unknown or revoked token; "Exchange not found" for an exchange the user is not in.
 */
export async function resolveParticipant(
  db: Executor,
  ref: ParticipantRef,
): Promise<{ participant: ParticipantRow; exchange: ExchangeRow }> {
  if ('token' in ref) {
    if (!looksLikeLinkToken(ref.token)) throw new AppError('NOT_FOUND', EXCHANGE_MESSAGES.linkNotFound)
    const [row] = await db
      .select({ participant: exchangeParticipants, exchange: exchanges })
      .from(exchangeLinks)
      .innerJoin(exchangeParticipants, eq(exchangeParticipants.id, exchangeLinks.participantId))
      .innerJoin(exchanges, eq(exchanges.id, exchangeParticipants.exchangeId))
      .where(eq(exchangeLinks.tokenHash, hashLinkToken(ref.token)))
    if (!row) throw new AppError('NOT_FOUND', EXCHANGE_MESSAGES.linkNotFound)
    return row
  }
  const [row] = await db
    .select({ participant: exchangeParticipants, exchange: exchanges })
    .from(exchangeParticipants)
    .innerJoin(exchanges, eq(exchanges.id, exchangeParticipants.exchangeId))
    .where(and(eq(exchangeParticipants.exchangeId, ref.exchangeId), eq(exchangeParticipants.userId, ref.userId)))
  if (!row) throw new AppError('NOT_FOUND', EXCHANGE_MESSAGES.notFound)
  return row
}

/**
 * A new personal link for a participant: a link token (secret-links/link-token.ts) whose hash is
 * stored; the token itself is only ever in the email or answer that carries it. Returns the token.
 */
export async function issueParticipantLink(db: Executor, participantId: number): Promise<string> {
  const token = generateLinkToken()
  await db.insert(exchangeLinks).values({ tokenHash: hashLinkToken(token), participantId })
  return token
}

/** The organiser's display name (their account's display name, else the part before "@"). */
export async function organiserName(db: Executor, organiserId: number): Promise<string> {
  const [row] = await db
    .select({ displayName: users.displayName, email: users.email })
    .from(users)
    .where(eq(users.id, organiserId))
  return row ? displayNameOf(row) : 'The organiser'
}
