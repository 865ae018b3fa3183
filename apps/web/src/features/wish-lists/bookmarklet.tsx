import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { ButtonLink } from '../../lib/links'

/**
 * The bookmarklet's code (issue 38): on any shop's product page it opens "Add to a wish list" on
 * `origin` with that page's address and title. Plain navigation, no script of ours runs there.
 */
export function bookmarkletCode(origin: string): string {
  const target = `${origin}/my-account/lists/add?url=`
  return `javascript:(()=>{location.href='${target}'+encodeURIComponent(location.href)+'&title='+encodeURIComponent(document.title)})()`
}

/**
 * "Add from any shop" on the lists page (issue 38): a link to the add page and the bookmarklet to
 * drag to the bookmarks bar. React refuses javascript: URLs in href, so the link gets it once
 * mounted; a click on it here only explains what to do with it.
 */
export function AddFromAnyShop() {
  const link = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    link.current?.setAttribute('href', bookmarkletCode(window.location.origin))
  }, [])
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="any-shop-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="any-shop-heading">
          Add from any shop
        </Title>
        <Text size="sm">Paste a product link from any shop: we read its name, picture and price for you.</Text>
        <Group>
          <ButtonLink to="/my-account/lists/add" search={{ url: undefined, title: undefined }} variant="default">
            Add from a link
          </ButtonLink>
        </Group>
        <Text size="sm">
          On a computer, drag this button to your bookmarks bar, then click it on any product page to add that product:{' '}
          <Anchor
            ref={link}
            href="#bookmarklet"
            fw={700}
            onClick={(event) => event.preventDefault()}
            title="Drag me to your bookmarks bar"
          >
            Add to Presently
          </Anchor>
        </Text>
      </Stack>
    </Card>
  )
}
