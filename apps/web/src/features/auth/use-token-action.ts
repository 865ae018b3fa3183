import { useEffect, useRef } from 'react'

/**
 * Runs `action` once per token when the page loads. Confirmation tokens are single-use, so the
 * second effect run of React's StrictMode (or a re-render) must not spend the token again and
 * turn a success into "invalid or expired".
 */
export function useTokenActionOnLoad(token: string | undefined, action: (token: string) => void) {
  const done = useRef<string | null>(null)
  const latest = useRef(action)
  useEffect(() => {
    latest.current = action
  })
  useEffect(() => {
    if (!token || done.current === token) return
    done.current = token
    latest.current(token)
  }, [token])
}
