import { describe, expect, it } from 'vitest'
import { extractLinks, renderProfileCompletionEmail, renderUpcomingEventsEmail } from './render-email.ts'

const appUrl = 'https://presently.example'
const unsubscribeUrl = `${appUrl}/unsubscribe?token=unsub`

describe('campaign templates (issue 13)', () => {
  it('lists upcoming events with Find Gift links, gift ideas and the unsubscribe link', async () => {
    const mail = await renderUpcomingEventsEmail({
      appUrl,
      unsubscribeUrl,
      displayName: 'Ann',
      windowDays: 7,
      events: [
        {
          personName: 'Mum',
          occasionLabel: 'Birthday',
          dateLabel: '3rd May',
          daysAway: 0,
          findGiftUrl: `${appUrl}/?person=4&occasion=1`,
          topCategories: [{ name: 'Chocolate', url: `${appUrl}/category/food-drink/food/chocolate` }],
        },
        {
          personName: 'Dad',
          occasionLabel: "Father's Day",
          dateLabel: '4th May',
          daysAway: 1,
          findGiftUrl: `${appUrl}/?person=5&occasion=9`,
        },
      ],
    })
    expect(mail.html).toContain('lang="en-GB"')
    expect(mail.text).toContain('Hello Ann,')
    expect(mail.text).toContain('next 7 days')
    expect(mail.text).toContain('Mum: Birthday, 3rd May (today)')
    expect(mail.text).toContain("Dad: Father's Day, 4th May (tomorrow)")
    expect(mail.text).toContain('Gift ideas: Chocolate')
    expect(extractLinks(mail.text)).toEqual(
      expect.arrayContaining([
        `${appUrl}/?person=4&occasion=1`,
        `${appUrl}/?person=5&occasion=9`,
        `${appUrl}/category/food-drink/food/chocolate`,
        unsubscribeUrl,
      ]),
    )
  })

  it('names incomplete people, their missing sections and their edit links', async () => {
    const mail = await renderProfileCompletionEmail({
      appUrl,
      unsubscribeUrl,
      people: [
        {
          name: 'Sam',
          completeness: 41,
          tierLabel: 'Bronze',
          missingSections: ['Personality', 'Interests'],
          editUrl: `${appUrl}/my-account/edit-person/7`,
        },
      ],
    })
    expect(mail.text).toContain('Hello,')
    expect(mail.text).toContain('Sam: 41% complete (Bronze)')
    expect(mail.text).toContain('Add: Personality, Interests')
    expect(extractLinks(mail.text)).toEqual(
      expect.arrayContaining([`${appUrl}/my-account/edit-person/7`, unsubscribeUrl]),
    )
  })
})
