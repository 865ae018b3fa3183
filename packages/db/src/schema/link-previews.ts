import { customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/**
 * What a product link's page said, kept per URL for 24 hours (issue 38;
 * docs/decisions/link-previews.md) so every instance of the shop reuses one reading. `url` is
 * the link as the user gave it (fragment cut); `facts` is the reading (title, price, picture id,
 * shop name) or the reason it failed; failures are kept for 10 minutes only.
 */
export const linkPreviews = pgTable(
  'link_previews',
  {
    url: text().primaryKey(),
    facts: jsonb().notNull(),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('link_previews_expires_idx').on(t.expiresAt)],
)

/**
 * Pictures of link previews as the shop serves them (issue 38): fetched through the guard,
 * checked by their bytes (JPEG, PNG, WebP or GIF, at most 5 MB), re-encoded to WebP 480 px wide.
 * `id` is the first 32 hex digits of the WebP's SHA-256, so one picture is stored once.
 */
export const linkPreviewImages = pgTable('link_preview_images', {
  id: text().primaryKey(),
  webp: bytea().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
