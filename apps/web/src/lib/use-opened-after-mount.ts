import { useMounted } from '@mantine/hooks'

/**
 * `opened` from the second render of the calling component on; `false` on its first.
 *
 * Mantine's Modal and Drawer remember the element to give focus back to when `opened` changes
 * to true after they mounted (use-focus-return runs on updates only). A dialog in a chunk of its
 * own (docs/decisions/web-bundle.md) mounts already open on its first use, so without this it
 * never saw the change and left focus on <body> when closed the first time: a keyboard user was
 * sent back to the top of the page. Passing `useOpenedAfterMount(opened)` as `opened` makes the
 * first opening an update too, while the button that opened it still has focus.
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  return useMounted() && opened
}
