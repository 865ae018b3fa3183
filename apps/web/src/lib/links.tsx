import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  type ActionIconProps,
  type AnchorProps,
  type ButtonProps,
  type CardProps,
} from '@mantine/core'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import { forwardRef, type AnchorHTMLAttributes } from 'react'

/*
 * The wrappers are made at module level and marked pure, so a page that uses only ButtonLink
 * does not ship Card, NavLink or ActionIcon (docs/decisions/web-bundle.md).
 *
 * Mantine components as type-safe router links (TanStack Router `createLink`): `to` and `params`
 * are checked against the route tree, unlike `component={Link}`, which types them as any string.
 */

export type AnchorAttributes = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>

const MantineAnchor = /* @__PURE__ */ forwardRef<HTMLAnchorElement, AnchorProps & AnchorAttributes>((props, ref) => (
  <Anchor component="a" ref={ref} {...props} />
))
const CreatedAnchorLink = /* @__PURE__ */ createLink(MantineAnchor)
/** A text link. */
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => (
  <CreatedAnchorLink preload="intent" {...props} />
)

const MantineButton = /* @__PURE__ */ forwardRef<HTMLAnchorElement, ButtonProps & AnchorAttributes>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
))
const CreatedButtonLink = /* @__PURE__ */ createLink(MantineButton)
/** A link that looks like a button. */
export const ButtonLink: LinkComponent<typeof MantineButton> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
)

const MantineCard = /* @__PURE__ */ forwardRef<HTMLAnchorElement, CardProps & AnchorAttributes>((props, ref) => (
  <Card component="a" ref={ref} {...props} />
))
const CreatedCardLink = /* @__PURE__ */ createLink(MantineCard)
/** A card that is one link as a whole. */
export const CardLink: LinkComponent<typeof MantineCard> = (props) => <CreatedCardLink preload="intent" {...props} />

const MantineActionIcon = /* @__PURE__ */ forwardRef<HTMLAnchorElement, ActionIconProps & AnchorAttributes>(
  (props, ref) => <ActionIcon component="a" ref={ref} {...props} />,
)
const CreatedActionIconLink = /* @__PURE__ */ createLink(MantineActionIcon)
/** An icon-only link (give it an aria-label). */
export const ActionIconLink: LinkComponent<typeof MantineActionIcon> = (props) => (
  <CreatedActionIconLink preload="intent" {...props} />
)
