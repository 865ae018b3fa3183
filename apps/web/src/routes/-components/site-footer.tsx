import { Anchor, Container, Group, Stack, Text } from '@mantine/core'
import { IconBrandFacebook, IconBrandInstagram, IconBrandPinterest, IconBrandX } from '@tabler/icons-react'
import { Logo } from './logo'
import classes from './site-footer.module.css'
import { ActionIconLink, AnchorLink } from '../../lib/links'

/** Mail link of the Contact entry (spec browsing-and-purchase §2: "a mail link to a support address"). */
const SUPPORT_EMAIL = 'support@presently.example'

// The spec points every social icon home until the shop has its own profiles.
const socialLinks = [
  { label: 'Presently on Facebook', Icon: IconBrandFacebook },
  { label: 'Presently on Instagram', Icon: IconBrandInstagram },
  { label: 'Presently on X', Icon: IconBrandX },
  { label: 'Presently on Pinterest', Icon: IconBrandPinterest },
] as const

/** Site footer: social links, Privacy, Contact, About and the copyright line (spec §2). */
export function SiteFooter() {
  const year = new Date().getFullYear()
  return (
    <footer className={classes.footer}>
      <Container size="lg" px={{ base: 'md', sm: 'lg' }} py="xl">
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap={6} maw={320}>
            <Logo />
            <Text size="sm" c="dimmed">
              Thoughtful gift ideas for the people you love, and reminders for the dates that matter.
            </Text>
          </Stack>
          <Stack gap="sm">
            <Group component="nav" aria-label="Footer" gap="lg">
              <AnchorLink to="/footer-pages/privacy" c="dark.6" size="sm">
                Privacy
              </AnchorLink>
              <Anchor href={`mailto:${SUPPORT_EMAIL}`} c="dark.6" size="sm">
                Contact
              </Anchor>
              <AnchorLink to="/footer-pages/about" c="dark.6" size="sm">
                About
              </AnchorLink>
            </Group>
            <Group gap={6} aria-label="Social media">
              {socialLinks.map(({ label, Icon }) => (
                <ActionIconLink
                  key={label}
                  to="/"
                  variant="subtle"
                  color="gray"
                  size="lg"
                  radius="xl"
                  aria-label={label}
                >
                  <Icon size={20} stroke={1.6} aria-hidden />
                </ActionIconLink>
              ))}
            </Group>
          </Stack>
        </Group>
        <Text size="xs" c="dimmed" mt="xl" pt="md" className={classes.copyright}>
          © {year} Presently
        </Text>
      </Container>
    </footer>
  )
}
