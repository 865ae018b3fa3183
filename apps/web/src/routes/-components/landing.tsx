import { useQuery } from '@tanstack/react-query'
import { AnchorLink, ButtonLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { Badge, Box, Button, Container, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconBell, IconCheck, IconGift, IconListDetails, IconUserPlus } from '@tabler/icons-react'
import { lazy, Suspense, useState } from 'react'
import { HomeTiles } from '../../features/catalog/category-tiles'
import classes from './landing.module.css'

// The modal (forms, validation, zod) is fetched when a visitor means to open it, not with the
// page: it is most of the landing page's weight otherwise (docs/decisions/web-bundle.md).
const loadAuthModal = () => import('../../features/auth/auth-modal')
const AuthModal = lazy(() => loadAuthModal().then((module) => ({ default: module.AuthModal })))
const prefetchAuthModal = () => void loadAuthModal()

const benefits = [
  'Gift ideas chosen for each person you buy for',
  'Reminders before birthdays, anniversaries and other special days',
  'Everyone you buy for, and every date, in one place',
  'Prices in pounds from UK shops',
]

// The three steps of spec browsing-and-purchase §1.
const steps = [
  {
    Icon: IconUserPlus,
    title: 'Create a free account',
    text: 'Sign up in a minute with just your email address.',
  },
  {
    Icon: IconListDetails,
    title: 'Add a gift list',
    text: 'Add the people you buy for and the dates that matter to them.',
  },
  {
    Icon: IconBell,
    title: 'Get reminders and suggestions',
    text: 'We remind you in good time and suggest gifts they will love.',
  },
]

/**
 * The landing page for signed-out visitors (spec browsing-and-purchase §1): Join Now and
 * "Get Started – It's Free!" open the auth modal on its Register tab (docs/decisions/auth-ui.md),
 * then benefits and steps, then the home tiles so visitors can browse without an account
 * (docs/decisions/catalog-listing-pages.md).
 */
export function Landing() {
  const [authOpen, setAuthOpen] = useState(false)
  // Mounted from the first opening on, so closing plays the modal's transition.
  const [authWanted, setAuthWanted] = useState(false)
  const openAuth = () => {
    setAuthWanted(true)
    setAuthOpen(true)
  }
  // Pointer on or focus in a button that opens it: start fetching the modal before the click.
  const authTrigger = { onClick: openAuth, onPointerEnter: prefetchAuthModal, onFocus: prefetchAuthModal }
  return (
    <>
      {authWanted && (
        <Suspense fallback={null}>
          <AuthModal opened={authOpen} onClose={() => setAuthOpen(false)} initialTab="register" />
        </Suspense>
      )}
      <Box className={classes.hero}>
        <Container size="lg" px={{ base: 'md', sm: 'lg' }} py={{ base: 48, sm: 80 }}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
            <Stack gap="lg">
              <Badge variant="light" size="lg" radius="sm" w="fit-content">
                Gift ideas made personal
              </Badge>
              <Title order={1} className={classes.heroTitle}>
                Never be stuck for the perfect gift again
              </Title>
              <Text size="lg" c="dark.5" maw={520}>
                Presently remembers the special days of the people you love and suggests gifts that suit them, so every
                present feels thoughtful.
              </Text>
              <Group gap="sm">
                <Button size="lg" {...authTrigger} aria-haspopup="dialog">
                  Join Now
                </Button>
                <Button size="lg" variant="default" {...authTrigger} aria-haspopup="dialog">
                  Get Started – It&apos;s Free!
                </Button>
              </Group>
            </Stack>
            <Box className={classes.benefitsCard}>
              <Title order={2} size="h3" mb="md">
                Why Presently?
              </Title>
              <List
                spacing="sm"
                icon={
                  <ThemeIcon size={24} radius="xl" color="brand" aria-hidden>
                    <IconCheck size={14} stroke={3} />
                  </ThemeIcon>
                }
              >
                {benefits.map((benefit) => (
                  <List.Item key={benefit}>{benefit}</List.Item>
                ))}
              </List>
            </Box>
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="lg" px={{ base: 'md', sm: 'lg' }} py={{ base: 48, sm: 64 }}>
        <Stack align="center" gap={6} mb="xl" ta="center">
          <Title order={2}>How it works</Title>
          <Text c="dimmed">Three simple steps to stress-free gifting.</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {steps.map(({ Icon, title, text }, index) => (
            <Stack key={title} gap="xs" align="center" ta="center" className={classes.step}>
              <ThemeIcon size={56} radius="xl" variant="light" color="brand" aria-hidden>
                <Icon size={28} stroke={1.6} />
              </ThemeIcon>
              <Text size="xs" tt="uppercase" fw={700} c="brand.7">
                Step {index + 1}
              </Text>
              <Title order={3} size="h4">
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Group justify="center" mt="xl">
          <Button size="md" {...authTrigger} aria-haspopup="dialog" leftSection={<IconGift size={18} aria-hidden />}>
            Get Started – It&apos;s Free!
          </Button>
        </Group>
      </Container>

      <GiftFinderSection />

      <Box className={classes.browse}>
        <Container size="lg" px={{ base: 'md', sm: 'lg' }} py={{ base: 48, sm: 64 }}>
          <Stack gap={6} mb="xl">
            <Title order={2}>Browse gift ideas</Title>
            <Text c="dimmed">No account needed to look around.</Text>
          </Stack>
          <HomeTiles order={3} />
        </Container>
      </Box>
    </>
  )
}

/**
 * Issue 40: the gift finder for anyone, and the collections of common questions that have at
 * least 12 products (listed from the server; none while it has not answered).
 */
function GiftFinderSection() {
  const trpc = useTRPC()
  const collections = useQuery(trpc.giftFinder.collections.queryOptions())
  return (
    <Container size="lg" px={{ base: 'md', sm: 'lg' }} pb={{ base: 48, sm: 64 }}>
      <Stack gap="md" className={classes.step} p="lg" data-testid="landing-gift-finder">
        <Title order={2}>Need a present today?</Title>
        <Text c="dimmed" maw={640}>
          Answer four quick questions (who it is for, their age, the occasion and your budget) and get ideas with the
          reason each one fits. No account needed.
        </Text>
        <Group>
          <ButtonLink to="/gift-finder" size="md" leftSection={<IconGift size={18} aria-hidden />}>
            Try the gift finder
          </ButtonLink>
        </Group>
        {collections.data?.length ? (
          <nav aria-label="Popular gift ideas">
            <Text fw={600} mb="xs">
              Popular gift ideas
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
              {collections.data.map((c) => (
                <AnchorLink key={c.slug} to="/collections/$slug" params={{ slug: c.slug }}>
                  {c.title}
                </AnchorLink>
              ))}
            </SimpleGrid>
          </nav>
        ) : null}
      </Stack>
    </Container>
  )
}
