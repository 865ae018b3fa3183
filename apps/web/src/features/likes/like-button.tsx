import { ActionIcon, type ActionIconProps } from '@mantine/core'
import { IconHeart, IconHeartFilled } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useSession } from '../session/session'
import { useTRPC } from '../../lib/trpc'
import { LIKE_LOCK_MS, LIKE_UI } from './messages'
import { likedProductIdsQueryOptions } from './query-options'
import { useSaveLikeForSelection } from './use-save-like-for-selection'
import { useToggleLike } from './use-toggle-like'

interface LikeButtonProps {
  /** The shop id and title (the button's accessible name is "Like <title>"). */
  product: { id: number; title: string }
  /** Shown while the liked ids load (true on the Liked Products page). */
  likedHint?: boolean
  size?: ActionIconProps['size']
}

/**
 * The heart that likes and unlikes a product (spec account-area §2 "Product buttons", §4): shown
 * to signed-in users only, pressed while liked, locked for 500 ms after a click, optimistic
 * (useToggleLike). The lock uses aria-disabled, so keyboard focus stays on the button. A like
 * made while For and Because are both chosen is saved for them (issue 26).
 */
export function LikeButton(props: LikeButtonProps) {
  const { user } = useSession()
  if (!user) return null
  return <SignedInLikeButton {...props} />
}

function SignedInLikeButton({ product, likedHint = false, size = 'lg' }: LikeButtonProps) {
  const trpc = useTRPC()
  const ids = useQuery(likedProductIdsQueryOptions(trpc))
  const toggle = useToggleLike()
  const saveForSelection = useSaveLikeForSelection()
  const [locked, setLocked] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const liked = ids.data ? ids.data.includes(product.id) : likedHint

  return (
    <ActionIcon
      size={size}
      radius="xl"
      variant={liked ? 'filled' : 'default'}
      color="red"
      aria-label={`Like ${product.title}`}
      aria-pressed={liked}
      aria-disabled={locked || undefined}
      data-disabled={locked || undefined}
      data-testid="like-button"
      onClick={(event) => {
        // Inside a card link: the heart must not open the product.
        event.preventDefault()
        event.stopPropagation()
        if (locked) return
        setLocked(true)
        clearTimeout(timer.current)
        timer.current = setTimeout(() => setLocked(false), LIKE_LOCK_MS)
        toggle.mutate(
          { id: product.id },
          {
            onSuccess: (result) => {
              if (result.liked && result.productLikeId !== null)
                void saveForSelection(result.productLikeId).catch((error: unknown) =>
                  console.error(LIKE_UI.copyFailed, error),
                )
            },
          },
        )
      }}
    >
      {liked ? <IconHeartFilled size="60%" aria-hidden /> : <IconHeart size="60%" aria-hidden />}
    </ActionIcon>
  )
}
