import type { KeyboardCoordinateGetter } from '@dnd-kit/core'

/** How far one arrow key press moves a dragged chip (spec account-area §2 "Keyboard dragging moves 25 pixels per key press"). */
export const KEYBOARD_STEP_PX = 25

/** dnd-kit's keyboard sensor coordinates: each arrow key moves the chip 25 px its way; other keys do nothing. */
export const keyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const { x, y } = currentCoordinates
  switch (event.code) {
    case 'ArrowRight':
      return { x: x + KEYBOARD_STEP_PX, y }
    case 'ArrowLeft':
      return { x: x - KEYBOARD_STEP_PX, y }
    case 'ArrowDown':
      return { x, y: y + KEYBOARD_STEP_PX }
    case 'ArrowUp':
      return { x, y: y - KEYBOARD_STEP_PX }
    default:
      return undefined
  }
}
