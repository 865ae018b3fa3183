export { startFixtureShop, type FixtureShop, type SeenRequest } from './fixture-shop.ts'
export { shopPages } from './shop-pages.ts'
