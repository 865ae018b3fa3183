import { Alert, Button, Group, Loader, NumberInput, Stack, Switch, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import {
  MIN_DROP_PERCENT_MAX,
  MIN_DROP_PERCENT_MIN,
  PRICE_ALERT_MESSAGES,
  type PriceAlertSettings,
} from '@presently/domain'
import { useTRPC } from '../../lib/trpc'
import { SettingsSection } from '../../routes/_account/-components/settings-section'

/** Texts of the Price alerts section (issue 39). */
export const PRICE_ALERT_UI = {
  title: 'Price alerts',
  description:
    'We email you, at most once a day, when a product you liked, put on one of your wish lists or claimed gets cheaper or comes back in stock.',
  enabled: 'Email me price alerts',
  minDrop: 'Tell me when the price falls by at least (%)',
  minDropHelp: 'And always by at least £1.',
  save: 'Save price alerts',
  saved: 'Price alert settings saved.',
  failed: 'Could not save your price alert settings.',
  pushTitle: 'Notifications on this device',
  pushOn: 'Also notify me on this device',
  pushUnsupported: 'This browser cannot show notifications from Presently.',
  pushDenied: 'Notifications are blocked for Presently in this browser’s settings.',
  pushFailed: 'Could not change notifications on this device.',
} as const

/**
 * The account settings' "Price alerts" section (issue 39): on or off, the minimum drop (5-50%,
 * default 10%), and this device's web push opt-in (the installed app's notifications).
 */
export function PriceAlertSettingsSection() {
  const trpc = useTRPC()
  const settings = useQuery(trpc.prices.alertSettings.queryOptions())
  return (
    <SettingsSection id="price-alerts" title={PRICE_ALERT_UI.title} description={PRICE_ALERT_UI.description}>
      {settings.data ? (
        <Stack gap="lg">
          <PriceAlertForm initial={settings.data} />
          <PushToggle />
        </Stack>
      ) : settings.isError ? (
        <Alert color="red">{PRICE_ALERT_UI.failed}</Alert>
      ) : (
        <Loader size="sm" aria-label="Loading price alert settings" />
      )}
    </SettingsSection>
  )
}

function PriceAlertForm({ initial }: { initial: PriceAlertSettings }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [enabled, setEnabled] = useState(initial.enabled)
  const [minDrop, setMinDrop] = useState<number | string>(initial.minDropPercent)
  const [error, setError] = useState<string | undefined>()
  const save = useMutation(
    trpc.prices.saveAlertSettings.mutationOptions({
      onSuccess: (saved) => queryClient.setQueryData(trpc.prices.alertSettings.queryKey(), saved),
    }),
  )
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const value = Number(minDrop)
    if (!Number.isInteger(value) || value < MIN_DROP_PERCENT_MIN || value > MIN_DROP_PERCENT_MAX) {
      setError(PRICE_ALERT_MESSAGES.minDropRange)
      return
    }
    setError(undefined)
    save.mutate({ enabled, minDropPercent: value })
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Switch
          label={PRICE_ALERT_UI.enabled}
          checked={enabled}
          onChange={(e) => {
            setEnabled(e.currentTarget.checked)
            save.reset()
          }}
        />
        <NumberInput
          label={PRICE_ALERT_UI.minDrop}
          description={PRICE_ALERT_UI.minDropHelp}
          value={minDrop}
          onChange={(value) => {
            setMinDrop(value)
            save.reset()
          }}
          min={MIN_DROP_PERCENT_MIN}
          max={MIN_DROP_PERCENT_MAX}
          allowDecimal={false}
          suffix="%"
          error={error}
          disabled={!enabled}
          maw={320}
        />
        {save.isError ? (
          <Alert color="red" role="alert">
            {save.error.message || PRICE_ALERT_UI.failed}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Text size="sm" c="teal.8" role="status">
            {save.isSuccess ? PRICE_ALERT_UI.saved : ''}
          </Text>
          <Button type="submit" loading={save.isPending}>
            {PRICE_ALERT_UI.save}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** base64url -> bytes (PushManager.subscribe's applicationServerKey). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=')
  const raw = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  )
}

/**
 * This device's opt-in to price alert notifications (issue 39): asks the browser's permission,
 * subscribes with the server's VAPID key and sends the subscription; off unsubscribes both. The
 * browser's own subscription decides what the switch shows.
 */
function PushToggle() {
  const trpc = useTRPC()
  const supported = pushSupported()
  const [endpoint, setEndpoint] = useState<string | null | undefined>(supported ? undefined : null)
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => {
    if (!supported) return
    let live = true
    void navigator.serviceWorker.ready
      .then((registration) => registration.pushManager.getSubscription())
      .then((subscription) => {
        if (live) setEndpoint(subscription?.endpoint ?? null)
      })
      .catch(() => live && setEndpoint(null))
    return () => {
      live = false
    }
  }, [supported])
  const status = useQuery({
    ...trpc.prices.pushStatus.queryOptions(endpoint ? { endpoint } : {}),
    enabled: supported && endpoint !== undefined,
  })
  const subscribe = useMutation(trpc.prices.subscribePush.mutationOptions())
  const unsubscribe = useMutation(trpc.prices.unsubscribePush.mutationOptions())
  if (!supported) {
    return (
      <Text size="sm" c="dimmed">
        {PRICE_ALERT_UI.pushUnsupported}
      </Text>
    )
  }
  const on = !!endpoint && status.data?.subscribed === true
  const busy = subscribe.isPending || unsubscribe.isPending || endpoint === undefined || status.isPending
  const toggle = async (wanted: boolean) => {
    setProblem(null)
    try {
      const registration = await navigator.serviceWorker.ready
      if (wanted) {
        if ((await Notification.requestPermission()) !== 'granted') {
          setProblem(PRICE_ALERT_UI.pushDenied)
          return
        }
        const publicKey = status.data?.publicKey
        if (!publicKey) throw new Error('no key')
        const subscription =
          (await registration.pushManager.getSubscription()) ??
          (await registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: keyBytes(publicKey),
          }))
        const json = subscription.toJSON()
        await subscribe.mutateAsync({
          endpoint: subscription.endpoint,
          keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        })
        setEndpoint(subscription.endpoint)
      } else {
        const subscription = await registration.pushManager.getSubscription()
        if (subscription) {
          await unsubscribe.mutateAsync({ endpoint: subscription.endpoint })
          await subscription.unsubscribe()
        }
        setEndpoint(null)
      }
      await status.refetch()
    } catch {
      setProblem(PRICE_ALERT_UI.pushFailed)
    }
  }
  return (
    <Stack gap="xs">
      <Switch
        label={PRICE_ALERT_UI.pushOn}
        description={PRICE_ALERT_UI.pushTitle}
        checked={on}
        disabled={busy}
        onChange={(e) => void toggle(e.currentTarget.checked)}
        data-testid="push-toggle"
      />
      {problem ? (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  )
}
