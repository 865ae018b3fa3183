import { expect, test } from '@playwright/test'
import { addPerson, apiJson, newShopper } from './support/shopper'

/*
 * Double clicks on the buttons that create things (docs/decisions/concurrency.md): a second click
 * before the first answer must not make a second list, item, present or claim.
 */

test('a double click creates one list, one item, one present and claims one unit', async ({ page, browser }) => {
  test.setTimeout(180_000)
  await newShopper(page, 'double-owner')

  await page.goto('/my-account/lists')
  await page.getByRole('textbox', { name: 'List name' }).fill('Birthday doubles')
  await page.getByRole('button', { name: 'Create list' }).dblclick()
  await expect(page.getByRole('heading', { level: 1, name: 'Birthday doubles' })).toBeVisible()
  const lists = await apiJson<{ id: number; name: string }[]>(await page.request.get('/api/lists'))
  expect(lists.filter((l) => l.name === 'Birthday doubles')).toHaveLength(1)
  const listId = lists[0]!.id

  await page.getByRole('textbox', { name: 'What is it?' }).fill('Mugs')
  await page.getByRole('textbox', { name: 'How many' }).fill('3')
  await page.getByRole('button', { name: 'Add item' }).dblclick()
  await expect(page.getByRole('article', { name: 'Mugs' })).toBeVisible()
  const list = await apiJson<{ items: { id: number; title: string }[] }>(await page.request.get(`/api/lists/${listId}`))
  expect(list.items.map((i) => i.title)).toEqual(['Mugs'])
  const { url } = await apiJson<{ url: string }>(await page.request.post(`/api/lists/${listId}/share`, { data: {} }))

  const personId = await addPerson(page.request, 'Gran')
  await page.goto(`/my-account/person/${personId}`)
  await page.getByRole('button', { name: 'Add a present' }).click()
  await page.getByRole('textbox', { name: 'What was it?' }).fill('Scarf')
  await page.getByRole('button', { name: 'Save present' }).dblclick()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const gifts = await apiJson<{ title: string }[]>(await page.request.get(`/api/people/${personId}/gifts`))
  expect(gifts.map((g) => g.title)).toEqual(['Scarf'])

  const context = await browser.newContext()
  const visitor = await context.newPage()
  await newShopper(visitor, 'double-visitor')
  await visitor.goto(new URL(url).pathname)
  await visitor.getByRole('button', { name: "I'll get this: Mugs" }).dblclick()
  await expect(visitor.getByText('Claimed by You')).toBeVisible()
  const claims = await apiJson<{ itemId: number; quantity: number }[]>(
    await visitor.request.get('/api/my-account/claims'),
  )
  expect(claims.map((c) => c.quantity)).toEqual([1])
  // Unclaim double clicked: one unclaim, and no "You have not claimed this item" for the second.
  await visitor.getByRole('button', { name: 'Unclaim Mugs' }).dblclick()
  await expect(visitor.getByRole('button', { name: "I'll get this: Mugs" })).toBeVisible()
  await visitor.waitForLoadState('networkidle')
  await expect(visitor.getByText('You have not claimed this item')).toHaveCount(0)
  await context.close()
})

test('a double click adds one person and one event', async ({ page }) => {
  test.setTimeout(180_000)
  await newShopper(page, 'double-people')
  await page.goto('/my-account/add-person')
  await expect(page.getByRole('heading', { name: 'Add New Person', level: 1 })).toBeVisible()
  await page.getByRole('textbox', { name: 'Name' }).fill('Cousin Double')
  const relationship = page.getByRole('combobox', { name: 'Relationship' })
  await relationship.click()
  await page.getByRole('option', { name: 'Mother', exact: true }).click()
  await page.getByRole('button', { name: 'Add Person', exact: true }).dblclick()
  await expect(page).not.toHaveURL(/add-person/)
  const people = await apiJson<{ name: string }[]>(await page.request.get('/api/people'))
  expect(people.map((p) => p.name)).toEqual(['Cousin Double'])

  await page.goto('/my-account/events')
  await page.getByRole('main').getByRole('button', { name: 'Add Event', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Important Date' })
  await dialog.getByLabel('Person').click()
  await page.getByRole('option', { name: 'Cousin Double', exact: true }).click()
  await dialog.getByLabel('Occasion').fill('Anniversary')
  await page.getByRole('option', { name: 'Anniversary', exact: true }).click()
  await dialog.getByLabel('Date').fill('14/02/2001')
  await dialog.getByLabel('Date').press('Tab')
  await dialog.getByRole('button', { name: 'Add Event', exact: true }).dblclick()
  await expect(dialog).toBeHidden()
  const events = await apiJson<{ occasionLabel?: string }[]>(await page.request.get('/api/events'))
  expect(events).toHaveLength(1)
})
