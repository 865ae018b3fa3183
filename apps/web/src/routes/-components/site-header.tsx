import { Box, Container } from '@mantine/core'
import { IconUserCircle } from '@tabler/icons-react'
import { Link, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useSession } from '../../features/session/session'
import { textParam } from '../../features/catalog/listing-search'
import { SearchBox } from '../../features/catalog/search-box'
import { Logo } from './logo'
import classes from './site-header.module.css'
import { ButtonLink } from '../../lib/links'

// The For:/Because: pickers (Combobox, the people and occasion lists) load after the header
// paints: signed-in only, and kept out of the entry chunk (docs/decisions/web-bundle.md).
const HeaderPickers = lazy(() => import('../../features/selection/header-pickers'))

/**
 * The sticky site header (spec browsing-and-purchase §2 "Header and footer"). Everyone gets the
 * search box with suggestions as they type (issue 43 §3: beyond the spec, whose signed-out header
 * has only Login/Register; docs/decisions/search-as-you-type.md); signed-in users also get the
 * For:/Because: pickers (their own row on phones and tablets) and My Account, others Login/Register.
 */
export function SiteHeader() {
  const { user, isPending } = useSession()

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

        {isPending ? null : (
          <SearchBox
            value={searchText}
            onChange={setSearchText}
            className={classes.searchForm}
            inputClassName={classes.searchInput}
          />
        )}
        {isPending ? null : user ? (
          <>
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
