import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config'

/**
 * The installable app's PNG icons, made from public/favicon.svg by @vite-pwa/assets-generator
 * (sharp): `npm run icons -w @presently/web` writes them beside it in public/, where they are
 * committed (docs/decisions/installable-app.md). Maskable and Apple icons sit on the brand
 * colour with the 30% safe-zone padding Android's masks need (issue 24).
 */
const brand = '#c2410c'

export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    maskable: { ...minimal2023Preset.maskable, resizeOptions: { background: brand } },
    apple: { ...minimal2023Preset.apple, resizeOptions: { background: brand } },
  },
  images: ['public/favicon.svg'],
})
