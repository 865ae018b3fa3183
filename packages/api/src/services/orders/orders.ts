import {
  and,
  clickThroughs,
  desc,
  eq,
  inArray,
  occasions,
  people,
  products,
  sql,
  type Db,
  type SQL,
} from '@presently/db'
import { AppError, ORDER_MESSAGES, penceToPounds, type MyOrdersOutput, type OrderOutput } from '@presently/domain'

/** Orders of `where`, newest first, with the product, person and occasion each may have lost since. */
function selectOrders(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: clickThroughs.id,
      createdAt: clickThroughs.createdAt,
      productId: products.id,
      productTitle: products.title,
      productImage: products.imageUrl,
      productCategory: products.categoryName,
      awProductId: products.awProductId,
      price: products.price,
      disabled: products.disabled,
      personId: people.id,
      personName: people.name,
      occasionId: occasions.id,
      occasionLabel: occasions.label,
      pricePence: clickThroughs.pricePence,
      outcome: clickThroughs.outcome,
      pricePaidPence: clickThroughs.pricePaidPence,
    })
    .from(clickThroughs)
    .leftJoin(products, eq(products.id, clickThroughs.productId))
    .leftJoin(people, eq(people.id, clickThroughs.personId))
    .leftJoin(occasions, eq(occasions.id, clickThroughs.occasionId))
    .where(where)
    .orderBy(desc(clickThroughs.createdAt), desc(clickThroughs.id))
}

type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number]

function toOrder(row: OrderRow): OrderOutput {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    clickthrough: {
      product:
        row.productId !== null
          ? {
              id: row.productId,
              title: row.productTitle!,
              imageUrl: row.productImage,
              categoryName: row.productCategory,
              awProductId: row.awProductId!,
              price: row.price!,
              disabled: row.disabled!,
            }
          : null,
      person: row.personId !== null ? { id: row.personId, name: row.personName! } : null,
      occasion: row.occasionId !== null ? { id: row.occasionId, label: row.occasionLabel! } : null,
    },
    priceAtClick: row.pricePence === null ? null : penceToPounds(row.pricePence),
    outcome: row.outcome,
    pricePaid: row.pricePaidPence === null ? null : penceToPounds(row.pricePaidPence),
  }
}

/**
 * GET /api/my-orders?page&itemsPerPage (spec account-area §2 "Orders", §7): one page of the
 * user's orders, newest first, and how many there are in all. A page past the last is empty.
 * @param input page from 1; itemsPerPage 1..50 (the page offers 5, 10, 20, 50).
 */
export async function listOrders(
  db: Db,
  userId: number,
  input: { page: number; itemsPerPage: number },
): Promise<MyOrdersOutput> {
  const mine = eq(clickThroughs.userId, userId)
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(clickThroughs)
    .where(mine)
  const total = count?.total ?? 0
  // The page's ids first, from the (user_id, created_at, id) index alone; only those rows are
  // joined to their product, person and occasion, so a deep page costs no more than the first.
  const pageIds = db
    .select({ id: clickThroughs.id })
    .from(clickThroughs)
    .where(mine)
    .orderBy(desc(clickThroughs.createdAt), desc(clickThroughs.id))
    .limit(input.itemsPerPage)
    .offset((input.page - 1) * input.itemsPerPage)
  const rows = total === 0 ? [] : await selectOrders(db, inArray(clickThroughs.id, pageIds))
  return {
    orders: rows.map(toOrder),
    total,
    page: input.page,
    itemsPerPage: input.itemsPerPage,
    totalPages: Math.ceil(total / input.itemsPerPage),
  }
}

/**
 * GET /api/orders/{id} (spec account-area §2 "Order detail", §7): one order of the user.
 * @throws AppError NOT_FOUND "Order not found" for a missing order or another user's (the page
 *   then says it "may have been deleted or you don't have permission to view it").
 */
export async function getOrder(db: Db, userId: number, orderId: number): Promise<OrderOutput> {
  const [row] = await selectOrders(db, and(eq(clickThroughs.id, orderId), eq(clickThroughs.userId, userId)))
  if (!row) throw new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound)
  return toOrder(row)
}
