/**
 * The generated feeds of bench:import (issues 14 and 24) and bench:refresh (issue 39): the same
 * products, with a stock column for bench:refresh, and a later version in which a share of the
 * rows changed.
 */
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'

const WORDS = ['Wooden', 'Deluxe', 'Mini', 'Classic', 'Magnetic', 'Rainbow', 'Glitter', 'Musical', 'Giant', 'Pocket']
const THINGS = [
  'Train Set',
  'Puzzle',
  'Teddy Bear',
  'Kite',
  'Board Game',
  'Paint Kit',
  'Robot',
  'Doll',
  'Tea Set',
  'Drone',
]
const CATEGORIES = [
  'Hobbies > Model Trains & Railway Sets > Rail Vehicles',
  'Games > Board Games',
  'Arts & Crafts > Children’s Craft Kits',
  'Home > Home Accessories > Cushions',
  'Music > Musical Instruments',
  'Tech > Electronic Toys > Robots',
]

/**
 * Which rows a later feed changes, per 10,000 rows (the default: 1% in all): `price` rows get a
 * price 15% lower, `stock` rows flip their stock, `withdrawn` rows are left out and as many `new`
 * rows are added at the end.
 */
export interface FeedChanges {
  price: number
  stock: number
  withdrawn: number
  new: number
}

export const NO_CHANGES: FeedChanges = { price: 0, stock: 0, withdrawn: 0, new: 0 }
/** 1% of the rows: 0.8% cheaper, 0.1% stock flipped, 0.05% gone, 0.05% new. */
export const ONE_PERCENT: FeedChanges = { price: 80, stock: 10, withdrawn: 5, new: 5 }

/** Which change row `i` gets (spread evenly through the feed). */
function changeOf(i: number, changes: FeedChanges): keyof FeedChanges | null {
  const slot = (i * 7919) % 10_000
  if (slot < changes.price) return 'price'
  if (slot < changes.price + changes.stock) return 'stock'
  if (slot < changes.price + changes.stock + changes.withdrawn) return 'withdrawn'
  return null
}

/**
 * Writes a feed of `rows` products in the shop's own column names (id, title, price, currency,
 * brand, category_path, rating, review_count, image_url, product_url, description and, unless
 * `stockColumn` is false, in_stock), with `changes` applied. bench:import writes it without the
 * stock column and without changes; bench:refresh with both.
 *
 * @returns how many rows of each kind were changed.
 */
export async function writeFeed(
  file: string,
  rows: number,
  changes: FeedChanges = NO_CHANGES,
  { stockColumn = true }: { stockColumn?: boolean } = {},
): Promise<FeedChanges> {
  const out = createWriteStream(file)
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain')
  }
  const counts: FeedChanges = { price: 0, stock: 0, withdrawn: 0, new: 0 }
  await write(
    `id,title,price,currency,brand,category_path,rating,review_count,image_url,product_url,description${stockColumn ? ',in_stock' : ''}\n`,
  )
  let chunk = ''
  const newRows = Math.round((rows * changes.new) / 10_000)
  for (let i = 0; i < rows + newRows; i++) {
    const change = i < rows ? changeOf(i, changes) : 'new'
    if (change === 'withdrawn') {
      counts.withdrawn++
      continue
    }
    if (change) counts[change]++
    const word = WORDS[i % WORDS.length] as string
    const thing = THINGS[Math.floor(i / 10) % THINGS.length] as string
    let price = 1 + ((i * 7919) % 25000) / 100
    if (change === 'price') price = Math.max(0.5, price * 0.85)
    let inStock = i % 13 !== 0
    if (change === 'stock') inStock = !inStock
    chunk += `SKU-${i.toString(36).toUpperCase()}-${i % 7},"${word} ${thing} No. ${i}",${price.toFixed(2)},GBP,Brand ${i % 97},${CATEGORIES[i % CATEGORIES.length]},${(3 + (i % 21) / 10).toFixed(1)},${(i * 31) % 900},https://img.example.com/p/${i}.jpg,https://shop.example.com/p/${i},"A ${word.toLowerCase()} ${thing.toLowerCase()} for curious minds, number ${i}."${stockColumn ? `,${inStock ? 'in stock' : 'out of stock'}` : ''}\n`
    if (chunk.length > 1 << 16) {
      await write(chunk)
      chunk = ''
    }
  }
  await write(chunk)
  out.end()
  await once(out, 'finish')
  return counts
}
