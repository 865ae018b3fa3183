import { eq, linkPreviews } from '@presently/db'
import type { LinkPreview, OtherPrice } from '@presently/domain'
import type { Executor } from '../auth/executor.ts'

/**
 * When the price saved with an item was read from its shop's page (issue 38: "the item keeps the
 * price and the date it was read"): the reading of `link` kept in link_previews, if its price is
 * the one being saved; null when the user typed another price, or no reading is kept.
 */
export async function priceReadAt(
  db: Executor,
  link: string | null | undefined,
  price: number | null | undefined,
  otherPrice: OtherPrice | null | undefined,
): Promise<Date | null> {
  if (!link || (price == null && otherPrice == null)) return null
  let key: string
  try {
    const url = new URL(link)
    url.hash = ''
    key = url.href
  } catch {
    return null
  }
  const [row] = await db
    .select({ facts: linkPreviews.facts, readAt: linkPreviews.readAt })
    .from(linkPreviews)
    .where(eq(linkPreviews.url, key))
  if (!row) return null
  const facts = row.facts as Pick<LinkPreview, 'price' | 'otherPrice'>
  const same =
    price != null
      ? facts.price === price
      : facts.otherPrice !== null &&
        facts.otherPrice.currency === otherPrice?.currency &&
        facts.otherPrice.amount === otherPrice.amount
  return same ? row.readAt : null
}
