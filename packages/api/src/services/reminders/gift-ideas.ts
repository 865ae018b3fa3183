import type { Db } from '@presently/db'
import type { GiftIdea } from '@presently/email'
import { recommendForPerson } from '../recommendations/recommend-for-person.ts'
import { productPicksForPerson } from '../picks/product-picks-for-person.ts'

/**
 * Where a reminder's gift ideas come from (issue 21): a function of (person, occasion) giving up
 * to four ideas {title, price?, imageUrl?, url}. The default is the recommended categories;
 * the product picks of the gift-picks work plug in here as another source.
 */
export type GiftIdeasSource = (
  db: Db,
  query: { userId: number; personId: number; occasionLabel: string; today: string; appUrl: string },
) => Promise<GiftIdea[]>

/**
 * The built-in engine's top four categories for the person and occasion (no LLM in bulk mail),
 * each linking to the shop's category listing with its usual price range. None when the engine
 * cannot answer (no catalog yet, unknown occasion).
 */
export const recommendedCategoryIdeas: GiftIdeasSource = async (db, query) => {
  try {
    const answer = await recommendForPerson(db, {
      userId: query.userId,
      personId: query.personId,
      occasion: query.occasionLabel,
      count: 4,
      debug: false,
      today: query.today,
    })
    return answer.recommendations.map((r) => ({
      title: r.category,
      price: r.specificProducts[0]?.priceRange ?? null,
      imageUrl: null,
      url: new URL(r.categoryUrl, query.appUrl).toString(),
    }))
  } catch {
    return []
  }
}

/**
 * The reminder's gift ideas (issue 21, "from the product picks of the gift-picks issue where it has
 * landed"): the first four product picks for the person and occasion (issue 20: within what is
 * left of their budget, never a product given before), each linking to its product page with its
 * price in pounds and its picture where the feed has one. When the catalog has no pick for them,
 * the recommended categories (recommendedCategoryIdeas) instead, so a reminder is never empty
 * while the engine can answer.
 */
export const productPickIdeas: GiftIdeasSource = async (db, query) => {
  try {
    const answer = await productPicksForPerson(db, {
      userId: query.userId,
      personId: query.personId,
      occasion: query.occasionLabel,
      count: 4,
    })
    if (answer.picks.length > 0) {
      return answer.picks.map(({ product }) => ({
        title: product.title,
        price: `£${product.price.toFixed(2)}`,
        imageUrl: product.imageUrl,
        url: new URL(`/product/${product.id}`, query.appUrl).toString(),
      }))
    }
  } catch {
    // Fall through to the categories: a reminder still goes out with what the engine has.
  }
  return recommendedCategoryIdeas(db, query)
}
