import { Box, Button, Container, TextInput } from '@mantine/core'
import { IconSearch, IconUserCircle } from '@tabler/icons-react'
import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react'
import { useSession } from '../../features/session/session'
import { textParam } from '../../features/catalog/listing-search'
import { Logo } from './logo'
import classes from './site-header.module.css'
import { ButtonLink } from '../../lib/links'

// The For:/Because: pickers (Combobox, the people and occasion lists) load after the header
// paints: signed-in only, and kept out of the entry chunk (docs/decisions/web-bundle.md).
const HeaderPickers = lazy(() => import('../../features/selection/header-pickers'))

/**
 * The sticky site header (spec browsing-and-purchase §2 "Header and footer"). Signed-out
 * visitors see only Login/Register; signed-in users get the search box, the For:/Because:
 * pickers (their own row on phones and tablets) and My Account.
 */
export function SiteHeader() {
  const { user, isPending } = useSession()
  const navigate = useNavigate()

  // Keep the box in step with the search page's query (e.g. after back/forward).
  const location = useRouterState({ select: (s) => s.location })
  const currentQuery =
    location.pathname === '/search' ? textParam((location.search as Record<string, unknown>).q) : undefined
  const [searchText, setSearchText] = useState(currentQuery ?? '')
  const [shownQuery, setShownQuery] = useState(currentQuery)
  if (currentQuery !== shownQuery) {
    // Adjusting state while rendering (not in an effect) avoids a second paint with stale text.
    setShownQuery(currentQuery)
    if (currentQuery !== undefined) setSearchText(currentQuery)
  }

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void navigate({ to: '/search', search: { q: searchText.trim() } })
  }

  // Search, category, price range and page live in the URL and this box; going home resets them all.
  const onLogoClick = () => setSearchText('')

  // The header's height as --sticky-header-height on <html>, which scroll-padding-top reads
  // (styles.css), so an element reached with Tab is scrolled into view below the sticky header
  // instead of behind it (three rows on a signed-in phone, one on a desktop).
  const headerRef = useRef<HTMLElement>(null)
  useEffect(() => {
    const header = headerRef.current
    if (!header || typeof ResizeObserver === 'undefined') return
    const root = document.documentElement
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--sticky-header-height', `${Math.ceil(header.getBoundingClientRect().height)}px`)
    })
    observer.observe(header)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--sticky-header-height')
    }
  }, [])

  return (
    <Box component="header" ref={headerRef} className={classes.header} data-sticky-header>
      <Container size="lg" px={{ base: 'md', sm: 'lg' }} className={classes.inner}>
        <Link to="/" onClick={onLogoClick} className={classes.logo} aria-label="Presently home">
          <Logo />
        </Link>

        {isPending ? null : user ? (
          <>
            <form role="search" onSubmit={onSearch} className={classes.searchForm}>
              <TextInput
                aria-label="Search gift ideas"
                placeholder="Search for gift ideas..."
                value={searchText}
                onChange={(event) => setSearchText(event.currentTarget.value)}
                leftSection={<IconSearch size={16} aria-hidden />}
                className={classes.searchInput}
                type="search"
              />
              <Button type="submit">
                <Box component="span" visibleFrom="sm">
                  Search
                </Box>
                <Box component="span" hiddenFrom="sm">
                  Go
                </Box>
              </Button>
            </form>
            <div className={classes.pickersSlot}>
              <Suspense fallback={null}>
                <HeaderPickers />
              </Suspense>
            </div>
            <ButtonLink
              to="/my-account"
              variant="subtle"
              leftSection={<IconUserCircle size={18} aria-hidden />}
              className={classes.accountLink}
            >
              <span className="label-wide">My Account</span>
              <span className="label-narrow">Account</span>
            </ButtonLink>
          </>
        ) : (
          <ButtonLink to="/auth" variant="outline" leftSection={<IconUserCircle size={18} aria-hidden />}>
            <span className="label-wide">Login/Register</span>
            <span className="label-narrow">Login</span>
          </ButtonLink>
        )}
      </Container>
    </Box>
  )
}
