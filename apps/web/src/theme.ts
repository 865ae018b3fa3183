import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core'

/** A warm terracotta: the brand colour of buttons, links and accents. */
const brand: MantineColorsTuple = [
  '#fff3ec',
  '#ffe4d4',
  '#fcc7a8',
  '#f9a677',
  '#f6894e',
  '#f47634',
  '#e8642a',
  '#c2410c',
  '#a3360a',
  '#852c08',
]

export const theme = createTheme({
  primaryColor: 'brand',
  // Shade 7 keeps white button text above WCAG AA contrast.
  primaryShade: 7,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: 'Georgia, Cambria, "Times New Roman", Times, serif',
    fontWeight: '700',
  },
  cursorType: 'pointer',
  components: {
    // Toasts (@mantine/notifications) render this component; its close button has no name otherwise.
    // A plain object, not Notification.extend(): that would put the component in the entry chunk.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // Issue 43 §5: a dialog's <header> (its title and close button) is a second "banner" landmark
    // beside the site header to screen readers and axe (the dialog's role replaces its <section>'s),
    // so dialogs and drawers render it as a plain element.
    Modal: { defaultProps: { attributes: { header: { role: 'none' } } } },
    Drawer: { defaultProps: { attributes: { header: { role: 'none' } } } },
  },
})

/**
 * Mantine's default "dimmed" grey (#868e96) is 3.3:1 on white, below WCAG AA for body text;
 * this one is about 6:1 on white and 5.6:1 on the footer's tint. Likewise its error red (red.6,
 * 3.3:1) becomes red.8, 4.5:1, for field errors and the text of invalid inputs.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c6370', '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {},
})
