import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * Fails on serious and critical WCAG 2.1 A/AA violations (axe-core) on the page as it is now.
 * Waits first for running CSS transitions and animations to end (a modal fading in would be
 * judged at half opacity and fail colour contrast it does not fail once shown).
 */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  )
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/**
 * Every axe violation of any impact on the page as it is now, WCAG 2.1 A/AA and axe's best
 * practices (landmarks, heading order) alike, as "rule: targets" lines (issue 43 §5: "0
 * violations of any impact on every page at both sizes").
 */
export async function allViolations(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  )
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}
