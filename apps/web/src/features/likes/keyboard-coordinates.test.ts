import { describe, expect, it } from 'vitest'
import type { KeyboardCoordinateGetter } from '@dnd-kit/core'
import { keyboardCoordinates } from './keyboard-coordinates'

const at = { x: 100, y: 40 }
const move = (code: string) =>
  keyboardCoordinates({ code } as KeyboardEvent, { currentCoordinates: at } as Parameters<KeyboardCoordinateGetter>[1])

describe('keyboardCoordinates (spec account-area §2: 25 px per key press)', () => {
  it('moves 25 px per arrow key', () => {
    expect(move('ArrowRight')).toEqual({ x: 125, y: 40 })
    expect(move('ArrowLeft')).toEqual({ x: 75, y: 40 })
    expect(move('ArrowDown')).toEqual({ x: 100, y: 65 })
    expect(move('ArrowUp')).toEqual({ x: 100, y: 15 })
  })

  it('ignores other keys', () => {
    expect(move('KeyA')).toBeUndefined()
    expect(move('Space')).toBeUndefined()
  })
})
