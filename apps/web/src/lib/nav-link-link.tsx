import { NavLink, type NavLinkProps } from '@mantine/core'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import { forwardRef } from 'react'
import type { AnchorAttributes } from './links'

// Its own module (not in links.tsx): only the account menu uses it, and NavLink should not ride
// along in the entry chunk with the links every page uses.
const MantineNavLink = forwardRef<HTMLAnchorElement, NavLinkProps & Omit<AnchorAttributes, 'onChange'>>(
  (props, ref) => <NavLink component="a" ref={ref} {...props} />,
)
const CreatedNavLink = createLink(MantineNavLink)
/** A side-menu entry that is a type-safe router link. */
export const NavLinkLink: LinkComponent<typeof MantineNavLink> = (props) => (
  <CreatedNavLink preload="intent" {...props} />
)
