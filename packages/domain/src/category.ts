import { z } from 'zod'

/** A category tree node (spec browsing-and-purchase §3): id = levels joined by "::", last part = name. */
export interface CategoryNode {
  id: string
  name: string
  children: CategoryNode[]
}

export const categoryNodeOutput: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({ id: z.string(), name: z.string(), children: z.array(categoryNodeOutput) }),
)

export const categoryTreeOutput = z.object({ categories: z.array(categoryNodeOutput) })

export const categoriesWithCountsOutput = z.object({
  tree: z.array(categoryNodeOutput),
  counts: z.record(z.string(), z.number().int()),
})

/** Levels of a category node id ("Hobbies::Model Trains" -> ["Hobbies", "Model Trains"]). */
export function categoryIdLevels(id: string): string[] {
  return id.split('::').filter(Boolean)
}
