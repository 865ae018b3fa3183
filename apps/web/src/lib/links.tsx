import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  NavLink,
  type ActionIconProps,
  type AnchorProps,
  type ButtonProps,
  type CardProps,
  type NavLinkProps,
} from '@mantine/core'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import { forwardRef, type AnchorHTMLAttributes } from 'react'

/*
 * Mantine components as type-safe router links (TanStack Router `createLink`): `to` and `params`
 * are checked against the route tree, unlike `component={Link}`, which types them as any string.
 */

type AnchorAttributes = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>

const MantineAnchor = forwardRef<HTMLAnchorElement, AnchorProps & AnchorAttributes>((props, ref) => (
  <Anchor component="a" ref={ref} {...props} />
))
const CreatedAnchorLink = createLink(MantineAnchor)
/** A text link. */
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => (
  <CreatedAnchorLink preload="intent" {...props} />
)

const MantineButton = forwardRef<HTMLAnchorElement, ButtonProps & AnchorAttributes>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
))
const CreatedButtonLink = createLink(MantineButton)
/** A link that looks like a button. */
export const ButtonLink: LinkComponent<typeof MantineButton> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
)

const MantineCard = forwardRef<HTMLAnchorElement, CardProps & AnchorAttributes>((props, ref) => (
  <Card component="a" ref={ref} {...props} />
))
const CreatedCardLink = createLink(MantineCard)
/** A card that is one link as a whole. */
export const CardLink: LinkComponent<typeof MantineCard> = (props) => <CreatedCardLink preload="intent" {...props} />

const MantineActionIcon = forwardRef<HTMLAnchorElement, ActionIconProps & AnchorAttributes>((props, ref) => (
  <ActionIcon component="a" ref={ref} {...props} />
))
const CreatedActionIconLink = createLink(MantineActionIcon)
/** An icon-only link (give it an aria-label). */
export const ActionIconLink: LinkComponent<typeof MantineActionIcon> = (props) => (
  <CreatedActionIconLink preload="intent" {...props} />
)

const MantineNavLink = forwardRef<HTMLAnchorElement, NavLinkProps & Omit<AnchorAttributes, 'onChange'>>(
  (props, ref) => <NavLink component="a" ref={ref} {...props} />,
)
const CreatedNavLink = createLink(MantineNavLink)
/** A side-menu entry. */
export const NavLinkLink: LinkComponent<typeof MantineNavLink> = (props) => (
  <CreatedNavLink preload="intent" {...props} />
)
