import { describe, expect, it } from 'vitest'
import { extractLinks, renderProfileCompletionEmail, renderRemindersEmail } from './render-email.ts'

const appUrl = 'https://presently.example'
const unsubscribeUrl = `${appUrl}/unsubscribe?token=unsub`

describe('campaign templates (issue 13)', () => {
  it('reminds of each event with the date, "in N days", up to four gift ideas and both unsubscribe links (issue 21)', async () => {
    const remindersUnsubscribeUrl = `${unsubscribeUrl}&only=reminders`
    const idea = (n: number) => ({
      title: `Idea ${n}`,
      price: `£${n}0.00`,
      imageUrl: `${appUrl}/img/${n}.jpg`,
      url: `${appUrl}/product/${n}`,
    })
    const mail = await renderRemindersEmail({
      appUrl,
      unsubscribeUrl,
      remindersUnsubscribeUrl,
      displayName: 'Ann',
      reminders: [
        {
          peopleNames: ['Mum'],
          occasionLabel: 'Birthday',
          dateLabel: 'Sunday 3rd May',
          daysAway: 14,
          budget: '£20-£50',
          giftIdeas: [idea(1), idea(2), idea(3), idea(4), idea(5)],
          findGiftUrl: `${appUrl}/?person=4&occasion=1`,
        },
        {
          peopleNames: ['Mum', 'Dad'],
          occasionLabel: 'Anniversary',
          dateLabel: 'Monday 4th May',
          daysAway: 1,
          giftIdeas: [],
          findGiftUrl: `${appUrl}/?person=4&occasion=9`,
        },
      ],
    })
    expect(mail.subject).toBe('2 occasions coming up: time to find the perfect gift')
    expect(mail.html).toContain('lang="en-GB"')
    expect(mail.html).toContain(`src="${appUrl}/img/1.jpg"`)
    expect(mail.text).toContain('Hello Ann,')
    expect(mail.text).toContain("Mum's Birthday: Sunday 3rd May (in 14 days)")
    expect(mail.text).toContain("Mum and Dad's Anniversary: Monday 4th May (tomorrow)")
    expect(mail.text).toContain('Budget: £20-£50')
    expect(mail.text).toContain('Idea 4')
    expect(mail.text).toContain('(£40.00)')
    expect(mail.text).not.toContain('Idea 5')
    expect(mail.text).toContain('Find a gift')
    expect(extractLinks(mail.text)).toEqual(
      expect.arrayContaining([
        `${appUrl}/?person=4&occasion=1`,
        `${appUrl}/?person=4&occasion=9`,
        `${appUrl}/product/1`,
        remindersUnsubscribeUrl,
        unsubscribeUrl,
      ]),
    )
  })

  it('names the one occasion in the subject', async () => {
    const mail = await renderRemindersEmail({
      appUrl,
      unsubscribeUrl,
      remindersUnsubscribeUrl: unsubscribeUrl,
      reminders: [
        {
          peopleNames: ['Dad'],
          occasionLabel: "Father's Day",
          dateLabel: 'Sunday 20th June',
          daysAway: 3,
          giftIdeas: [],
          findGiftUrl: appUrl,
        },
      ],
    })
    expect(mail.subject).toBe("Dad's Father's Day is in 3 days: time to find a gift")
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
