import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { makeTestPushCertificate } from '../../../server/src/testing/push-service'

/** The e2e run's own catalog feed (issue 39): two products whose price and stock the test moves. */
export const PRICE_FEED = {
  name: 'Gift shop feed',
  lego: 'E2E Lego Fire Station',
  kite: 'E2E Rainbow Stunt Kite',
} as const

/** The feed's rows: Lego at `legoPrice`, the kite in stock or not. */
export function priceFeedCsv(legoPrice: string, kiteInStock: boolean): string {
  return [
    'id,title,price,currency,brand,category_path,in_stock',
    `e2e-lego,${PRICE_FEED.lego},${legoPrice},GBP,Lego,Toys & Games > Building Toys,in stock`,
    `e2e-kite,${PRICE_FEED.kite},20.00,GBP,Windy,Sports & Outdoors > Kites,${kiteInStock ? 'in stock' : 'out of stock'}`,
    '',
  ].join('\n')
}

/**
 * Makes the run's feed folder (playwright.config.ts, before the server starts): gift-shop.csv
 * (Lego £40 in stock, the kite out of stock), its mapping file naming it "Gift shop feed" with a
 * daily schedule, and the local push service's certificate (cert.pem, key.pem).
 *
 * @returns the folder.
 */
export function preparePriceFeed(dir: string): string {
  mkdirSync(dir, { recursive: true })
  writeFileSync(path.join(dir, 'gift-shop.csv'), priceFeedCsv('40.00', false))
  writeFileSync(
    path.join(dir, 'gift-shop.mapping.json'),
    JSON.stringify({
      name: PRICE_FEED.name,
      file: 'gift-shop.csv',
      source: 'e2e_gift_shop',
      merchant: 'E2E Gift Shop',
      currency: 'GBP',
      schedule: '0 6 * * *',
    }),
  )
  makeTestPushCertificate(dir)
  return dir
}
