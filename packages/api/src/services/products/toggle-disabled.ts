import { asc, eq, products, sql, variantGroups, type Db } from '@presently/db'
import { AppError } from '@presently/domain'
import type { Tx } from '../auth/executor.ts'

/**
 * POST /api/products/{id}/toggle-disabled[?type=aw] (spec account-area §2 "Product buttons", §7;
 * staff or admin only, checked by the caller): disables an enabled product or enables a
 * disabled one, recording who disabled it and when (disabled_at, disabled_by_user_id; both
 * cleared on enabling).
 *
 * A disabled product leaves every catalog read at once: they all filter `not disabled`, and the
 * update bumps the catalog version their cache is keyed by (migration 0005). When it was the
 * primary of a variant group (the one member listings show), the group's primary moves to an
 * enabled member, so the other variants stay listed; enabling it again restores the grouping's
 * own choice (docs/decisions/product-disable.md). All in one transaction.
 * @param key shop id, or affiliate-network id with type "aw".
 * @throws AppError NOT_FOUND "Product not found".
 * @returns the state after the call.
 */
export async function toggleProductDisabled(
  db: Db,
  staffUserId: number,
  key: { id: number; type?: 'aw' },
): Promise<{ disabled: boolean; title: string }> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, disabled: products.disabled, variantGroupId: products.variantGroupId })
      .from(products)
      .where(eq(key.type === 'aw' ? products.awProductId : products.id, key.id))
      .for('update')
    if (!product) throw new AppError('NOT_FOUND', 'Product not found')
    const disabled = !product.disabled
    const [updated] = await tx
      .update(products)
      .set({
        disabled,
        disabledAt: disabled ? new Date() : null,
        disabledByUserId: disabled ? staffUserId : null,
        updatedAt: new Date(),
      })
      .where(eq(products.id, product.id))
      .returning({ title: products.title })
    if (product.variantGroupId !== null) await choosePrimaryVariant(tx, product.variantGroupId)
    return { disabled, title: updated!.title }
  })
}

/**
 * Picks the primary of a variant group among its enabled members: a manually reviewed group
 * keeps its primary while it is enabled; otherwise the grouping's rule (packages/db
 * groupVariants): a member with a description, then the cheapest, then the lowest id. With no
 * enabled member the primary stays (nothing of the group is listed anyway). Members'
 * variant_secondary follows, so listings without variants show exactly the primary.
 */
async function choosePrimaryVariant(tx: Tx, groupId: number): Promise<void> {
  const [group] = await tx
    .select({ primaryVariantId: variantGroups.primaryVariantId, manuallyReviewed: variantGroups.manuallyReviewed })
    .from(variantGroups)
    .where(eq(variantGroups.id, groupId))
    .for('update')
  if (!group) return
  const members = await tx
    .select({ id: products.id, disabled: products.disabled })
    .from(products)
    .where(eq(products.variantGroupId, groupId))
    .orderBy(sql`${products.longDescription} is null`, asc(products.price), asc(products.id))
  const enabled = members.filter((m) => !m.disabled)
  const current = enabled.find((m) => m.id === group.primaryVariantId)
  const primary = group.manuallyReviewed && current ? current : (enabled[0] ?? null)
  if (!primary) return
  if (primary.id !== group.primaryVariantId) {
    await tx
      .update(variantGroups)
      .set({ primaryVariantId: primary.id, updatedAt: new Date() })
      .where(eq(variantGroups.id, groupId))
  }
  await tx
    .update(products)
    .set({ variantSecondary: sql`${products.id} <> ${primary.id}` })
    .where(
      sql`${products.variantGroupId} = ${groupId} and ${products.variantSecondary} is distinct from (${products.id} <> ${primary.id})`,
    )
}
