/** Moved to @presently/domain (issue 38: link previews read prices with the same rule). */
export { parsePrice, MAX_PRICE } from '@presently/domain'
