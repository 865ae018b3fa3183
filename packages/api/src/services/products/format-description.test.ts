import { describe, expect, it } from 'vitest'
import { formatDescription } from './format-description.ts'

describe('formatDescription', () => {
  it('makes paragraphs and lists from plain text', () => {
    const html = formatDescription('A great set.\n\nFeatures:\n- 20 lamps\n- 6V power\n\nEnjoy & share')
    expect(html).toBe(
      '<p>A great set.</p><p>Features:</p><ul><li>20 lamps</li><li>6V power</li></ul><p>Enjoy &amp; share</p>',
    )
  })
  it('strips scripts, attributes and unknown tags from HTML feeds', () => {
    const html = formatDescription(
      '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:x">link</a></p><img src=x onerror=alert(1)>',
    )
    expect(html).toBe('<p>Hi link</p>')
  })
  it('escapes markup in plain text and returns null for empty input', () => {
    expect(formatDescription('1 < 2 "quoted"')).toBe('<p>1 &lt; 2 "quoted"</p>')
    expect(formatDescription('   ')).toBeNull()
    expect(formatDescription(null)).toBeNull()
  })
})
