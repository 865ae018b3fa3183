/**
 * Product pages in the shapes real UK shops serve (issue 38), for the fixture shop. Each page's
 * comment says what a preview of it must show; the link-preview tests assert exactly that.
 */

const head = (title: string, extra = '') =>
  `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${title}</title>${extra}</head>`

/** Each path and its HTML (UTF-8 unless the entry says otherwise). */
export function shopPages(
  origin: string,
): Record<string, { html: string | Buffer; contentType?: string; status?: number }> {
  return {
    /**
     * A department store: JSON-LD in an @graph beside WebSite and BreadcrumbList, offers as an
     * array of three (one out of stock at a lower price), Open Graph tags that disagree, and a
     * "was" price in the text. Preview: "Hemsby Oak Bookcase", £1,299.99 (the lowest in-stock
     * offer), picture /images/bookcase.jpg, shop "Hartley & Co".
     */
    '/products/hemsby-oak-bookcase': {
      html: `${head(
        'Hemsby Oak Bookcase | Hartley & Co',
        `<meta property="og:title" content="Hemsby bookcase - sale">
<meta property="og:site_name" content="Hartley &amp; Co">
<meta property="og:image" content="${origin}/images/other.jpg">
<meta property="product:price:amount" content="999.00">
<script type="application/ld+json">${JSON.stringify({
          '@context': 'https://schema.org',
          '@graph': [
            { '@type': 'WebSite', name: 'Hartley & Co', url: origin },
            {
              '@type': 'BreadcrumbList',
              itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Furniture' }],
            },
            {
              '@type': 'Product',
              '@id': `${origin}/products/hemsby-oak-bookcase#product`,
              name: 'Hemsby Oak Bookcase',
              image: [`${origin}/images/bookcase.jpg`, `${origin}/images/other.jpg`],
              brand: { '@type': 'Brand', name: 'Hartley' },
              sku: 'HB-100',
              offers: [
                {
                  '@type': 'Offer',
                  price: '1349.00',
                  priceCurrency: 'GBP',
                  availability: 'https://schema.org/InStock',
                },
                {
                  '@type': 'Offer',
                  price: '1299.99',
                  priceCurrency: 'GBP',
                  availability: 'https://schema.org/InStock',
                },
                {
                  '@type': 'Offer',
                  price: '1199.00',
                  priceCurrency: 'GBP',
                  availability: 'https://schema.org/OutOfStock',
                },
              ],
            },
          ],
        })}</script>`,
      )}<body><h1>Hemsby Oak Bookcase</h1><p>Was £1,499.99</p><p class="price">£1,299.99</p></body></html>`,
    },
    /**
     * A toy shop with Open Graph and product tags only. Preview: "Space Shuttle Building Set",
     * £49.99, picture /images/shuttle.png, shop "Bricks & Blocks".
     */
    '/products/space-shuttle': {
      html: `${head(
        'Space Shuttle Building Set - Bricks & Blocks',
        `<meta property="og:type" content="product">
<meta property="og:title" content="Space Shuttle Building Set">
<meta property="og:site_name" content="Bricks &amp; Blocks">
<meta property="og:image" content="/images/shuttle.png">
<meta property="product:price:amount" content="49.99">
<meta property="product:price:currency" content="GBP">
<meta name="twitter:card" content="summary_large_image">`,
      )}<body><h1>Space Shuttle</h1></body></html>`,
    },
    /**
     * A small shop with microdata only. Preview: "Stoneware Teapot, Sage", £24.50, picture
     * /images/teapot.webp, shop "teapots.example" (no site name: the host without www).
     */
    '/products/stoneware-teapot': {
      html: `${head('Teapot')}<body>
<div itemscope itemtype="https://schema.org/Product">
  <h1 itemprop="name">Stoneware Teapot, Sage</h1>
  <img itemprop="image" src="/images/teapot.webp" alt="">
  <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
    <span itemprop="price" content="24.50">£24.50</span>
    <meta itemprop="priceCurrency" content="GBP">
    <link itemprop="availability" href="https://schema.org/InStock">
  </div>
</div></body></html>`,
    },
    /** No price anywhere. Preview: "Mystery Gift Box", no price, picture /images/box.gif. */
    '/products/mystery-box': {
      html: `${head(
        'Mystery Gift Box',
        `<meta property="og:title" content="Mystery Gift Box"><meta property="og:image" content="/images/box.gif">`,
      )}<body><p>Price on request</p></body></html>`,
    },
    /**
     * A Windows-1252 page (the charset in a meta tag only, as older shops do), price text with
     * 0xA3 for "£". Preview: "Café Crème Wool Scarf", £35.00, shop "Maison Laine".
     */
    '/products/cafe-creme-scarf': {
      contentType: 'text/html',
      html: Buffer.from(
        `<!doctype html><html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252">
<title>Caf\u00e9 Cr\u00e8me Wool Scarf - Maison Laine</title>
<meta property="og:title" content="Caf\u00e9 Cr\u00e8me Wool Scarf">
<meta property="og:site_name" content="Maison Laine">
</head><body><div itemscope itemtype="http://schema.org/Product"><span itemprop="name">Caf\u00e9 Cr\u00e8me Wool Scarf</span>
<span itemprop="price">\u00a335.00</span></div></body></html>`,
        'latin1',
      ),
    },
    /**
     * An Amazon-style bot wall: 503 and a captcha page. Preview: none ("could not read"), the
     * form stays usable.
     */
    '/dp/B0BOTWALL1': {
      status: 503,
      html: `${head('Amazon.co.uk')}<body><h4>Enter the characters you see below</h4><p>Sorry, we just need to make sure you're not a robot.</p><form action="/errors/validateCaptcha"><input name="field-keywords"></form></body></html>`,
    },
    /** The same wall answered 200, as it sometimes is. Preview: none. */
    '/gp/product/B0BOTWALL2': {
      html: `${head('Amazon.co.uk')}<body><h4>Enter the characters you see below</h4><p>Sorry, we just need to make sure you're not a robot. For best results, please make sure your browser is accepting cookies.</p><form action="/errors/validateCaptcha"></form></body></html>`,
    },
    /**
     * A US shop: JSON-LD with one offer object in dollars. Preview: "Trail Runner Sneakers",
     * $89.00 kept as USD (never converted), no GBP price.
     */
    '/products/trail-runner': {
      html: `${head(
        'Trail Runner Sneakers',
        `<script type="application/ld+json">${JSON.stringify({
          '@context': 'https://schema.org/',
          '@type': ['Product'],
          name: 'Trail Runner Sneakers',
          image: { '@type': 'ImageObject', url: `${origin}/images/shuttle.png` },
          offers: { '@type': 'Offer', price: 89, priceCurrency: 'USD', availability: 'InStock' },
        })}</script>`,
      )}<body></body></html>`,
    },
    /** Only a <title>. Preview: "Hand-thrown Mug", no price, no picture. */
    '/products/mug': { html: `${head('Hand-thrown Mug')}<body><p>A mug.</p></body></html>` },
    /**
     * A price as text with a currency code in JSON-LD ("GBP 12") and a picture that is really an
     * SVG with a script. Preview: "Felt Bunting", £12.00, no picture (the SVG is refused).
     */
    '/products/felt-bunting': {
      html: `${head(
        'Felt Bunting',
        `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Felt Bunting","image":"/images/evil.svg","offers":{"@type":"AggregateOffer","lowPrice":"GBP 12","priceCurrency":"GBP"}}</script>`,
      )}<body></body></html>`,
    },
    /** A picture that is HTML served as image/jpeg. Preview: "Paper Lantern", no picture. */
    '/products/paper-lantern': {
      html: `${head(
        'Paper Lantern',
        `<meta property="og:title" content="Paper Lantern"><meta property="og:image" content="/images/not-really.jpg"><meta property="product:price:amount" content="8">`,
      )}<body></body></html>`,
    },
    /**
     * A picture on a private address (the cloud's metadata service). Preview: "Sneaky Lamp",
     * £30.00, no picture, and nothing fetched from 169.254.169.254.
     */
    '/products/sneaky-lamp': {
      html: `${head(
        'Sneaky Lamp',
        `<meta property="og:title" content="Sneaky Lamp"><meta property="og:image" content="http://169.254.169.254/latest/meta-data/"><meta property="product:price:amount" content="30.00"><meta property="product:price:currency" content="GBP">`,
      )}<body></body></html>`,
    },
    /** A picture bigger than 5 MB. Preview: "Giant Poster", no picture. */
    '/products/giant-poster': {
      html: `${head(
        'Giant Poster',
        `<meta property="og:title" content="Giant Poster"><meta property="og:image" content="/images/giant.jpg">`,
      )}<body></body></html>`,
    },
  }
}
