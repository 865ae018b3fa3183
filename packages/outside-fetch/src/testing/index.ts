export { startFixtureShop, type FixtureShop, type SeenRequest } from './fixture-shop.ts'
