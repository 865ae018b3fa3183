import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'

/**
 * Product pictures (issue 14) on the real Awin sample, imported through CATALOG_FEEDS with its
 * image URLs (playwright.config.ts): the merchant's image server lies outside the shop, so the
 * test stands in for it, answering one image and failing the others.
 */
const photo = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/product-photo.png'))
/** "Wunder Under High-Rise Leggings 25"", the first row of the sample. */
const LEGGINGS = { awId: 40026645008, title: 'Wunder Under High-Rise Leggings 25"' }
const LEGGINGS_IMAGE = 'https://images.lululemon.com/is/image/lululemon/LW5BJVS_0001_1'
/** "In Mind Pants 30L": its image fails to load. */
const PANTS = { awId: 33201718633, title: 'In Mind Pants 30L' }

async function serveMerchantImages(page: Page) {
  await page.route('https://images.lululemon.com/**', (route) =>
    route.request().url() === LEGGINGS_IMAGE
      ? route.fulfill({ status: 200, contentType: 'image/png', body: photo })
      : route.fulfill({ status: 404, body: 'not found' }),
  )
}

test.describe('product pictures', () => {
  test('a feed image shows on the product page at 703x703, eagerly, in pounds at the recorded rate', async ({
    page,
  }) => {
    await serveMerchantImages(page)
    await page.goto(`/product/${LEGGINGS.awId}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LEGGINGS.title)
    const image = page.getByRole('img', { name: LEGGINGS.title })
    await expect(image).toHaveAttribute('src', LEGGINGS_IMAGE)
    await expect(image).toHaveAttribute('width', '703')
    await expect(image).toHaveAttribute('height', '703')
    await expect(image).toHaveAttribute('loading', 'eager')
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8)
    // $98.00 at USD=0.79.
    await expect(page.getByTestId('product-price')).toHaveText('£77.42')
    await expect(page.getByTestId('merchant-line')).toContainText('Sold by lululemon (US)')
  })

  test('an image that fails to load gives way to the category illustration, named by the product', async ({ page }) => {
    await serveMerchantImages(page)
    await page.goto(`/product/${PANTS.awId}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PANTS.title)
    const picture = page.getByTestId('product-image').getByRole('img', { name: PANTS.title })
    await expect(picture).toHaveAttribute('data-illustration', 'violet')
    await expect(page.getByTestId('product-image').locator('img')).toHaveCount(0)
  })

  test('listing cards size their images 320x320, load the first row eagerly and the rest lazily', async ({ page }) => {
    await serveMerchantImages(page)
    await page.goto('/category/apparel-and-accessories?limit=24')
    // The listing's own cards (not the popular gifts offered under this thin category).
    const cards = page.getByTestId('product-grid').getByTestId('product-card')
    await expect(cards.first()).toBeVisible()
    const count = await cards.count()
    expect(count).toBeGreaterThan(3)
    for (let i = 0; i < count; i++) {
      const title = (await cards.nth(i).getByTestId('product-title').innerText()).trim()
      const picture = cards.nth(i).getByRole('img', { name: title })
      await expect(picture).toBeVisible()
      const tag = await picture.evaluate((el) => el.tagName)
      if (tag === 'IMG') {
        await expect(picture).toHaveAttribute('width', '320')
        await expect(picture).toHaveAttribute('height', '320')
        await expect(picture).toHaveAttribute('loading', i < 3 ? 'eager' : 'lazy')
      } else {
        // Failed (404 from the stand-in): the illustration of "Apparel & Accessories".
        await expect(picture).toHaveAttribute('data-illustration', 'violet')
      }
    }
    await expect(cards.getByRole('img', { name: LEGGINGS.title }).first()).toHaveJSProperty('tagName', 'IMG')
  })

  test('a catalog product without an image shows its category illustration, rating, path, description and Amazon link', async ({
    page,
  }) => {
    await page.goto('/search?q=Hornby%20Santa%27s%20Express%20Train%20Set')
    const card = page.getByTestId('product-card').filter({ hasText: "Hornby Santa's Express Train Set" }).first()
    await expect(card.getByRole('img', { name: "Hornby Santa's Express Train Set" })).toHaveAttribute(
      'data-illustration',
      'indigo',
    )
    await expect(card.getByTestId('product-category-path')).toHaveText(/^Hobbies › Model Trains & Railway Sets/)
    await expect(card.getByTestId('star-rating')).toHaveAttribute('aria-label', /^Rated \d(\.\d)? out of 5/)
    await card.click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Hornby Santa's Express Train Set")
    await expect(page.getByTestId('product-description')).toContainText('Hornby magic into Christmas')
    const amazon = page.getByRole('link', { name: 'View on amazon.co.uk' })
    await expect(amazon).toHaveAttribute('href', 'https://www.amazon.co.uk/dp/B00OG9OXF4')
    await expect(page.getByTestId('merchant-line')).toContainText('Sold by Amazon UK')
  })
})
