import sanitizeHtml from 'sanitize-html'

const LIST_ITEM = /^\s*(?:[-•*▪●◦]|\d{1,2}[.)])\s+/

/**
 * Turns a raw feed description into safe HTML for "Product Details"
 * (spec browsing-and-purchase §7 GET /api/products/{awProductId}/descriptions/formatted).
 * Blank lines separate paragraphs; runs of lines that start with a bullet ("-", "•", "*") or a
 * number ("1.", "2)") become a list; other line breaks become <br>. Feeds that send HTML keep
 * only p, br, ul, ol, li, strong, em, b, i (sanitize-html drops every other tag and attribute).
 * @returns HTML, or null when the description is empty.
 */
export function formatDescription(raw: string | null | undefined): string | null {
  const text = raw?.replace(/\r\n?/g, '\n').trim()
  if (!text) return null
  const html = /<\/?(p|br|ul|ol|li|div)\b/i.test(text) ? text : textToHtml(text)
  const clean = sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i'],
    allowedAttributes: {},
    transformTags: { div: 'p' },
  }).trim()
  return clean || null
}

function textToHtml(text: string): string {
  const blocks = text.split(/\n\s*\n/)
  return blocks
    .map((block) => {
      const lines = block
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
      const out: string[] = []
      let list: string[] = []
      let para: string[] = []
      const flushList = () => {
        if (list.length) out.push(`<ul>${list.map((i) => `<li>${escape(i)}</li>`).join('')}</ul>`)
        list = []
      }
      const flushPara = () => {
        if (para.length) out.push(`<p>${para.map(escape).join('<br>')}</p>`)
        para = []
      }
      for (const line of lines) {
        if (LIST_ITEM.test(line)) {
          flushPara()
          list.push(line.replace(LIST_ITEM, ''))
        } else {
          flushList()
          para.push(line)
        }
      }
      flushList()
      flushPara()
      return out.join('')
    })
    .join('')
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
