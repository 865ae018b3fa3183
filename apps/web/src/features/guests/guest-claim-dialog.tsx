import { Alert, Anchor, Button, Checkbox, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { GUEST_DATA_NOTICE, parseMoneyText } from '@presently/domain'
import { MoneyInput } from '../../lib/money-input'
import { apiErrorMessage } from '../../lib/api-errors'
import { useOpenedAfterMount } from '../../lib/use-opened-after-mount'

/** A pledge: £0.01 to £100,000 in pounds and pence (issue 23; issue 43 §2). */
const PLEDGE_RULE = { label: 'Pledge', min: 0.01, required: true } as const

/** What the dialog asks for: a claim (how many) or a pledge (how much). */
export type GuestClaimKind = { kind: 'claim'; left: number } | { kind: 'pledge' }

export interface GuestClaimValues {
  name: string
  email: string
  showName: boolean
  quantity: number
  amount: number
}

interface GuestClaimDialogProps {
  opened: boolean
  onClose: () => void
  itemTitle: string
  what: GuestClaimKind
  /** Sends the claim or pledge; rejects with the server's error (shown in the dialog). */
  onSubmit: (values: GuestClaimValues) => Promise<void>
  /** Opens the sign-in dialog instead. */
  onSignIn: () => void
  pending: boolean
}

/**
 * Issue 37: "I'll get this" without an account. Asks for a name and an email address (with the
 * choice to show the first name to the list's other visitors) and says how long they are kept
 * (GUEST_DATA_NOTICE), as the issue asks of the page that collects the email. The server names a
 * bad field in its message ("Please enter a valid email"), shown above the button.
 */
export function GuestClaimDialog(props: GuestClaimDialogProps) {
  const { opened, onClose, itemTitle, what, onSubmit, onSignIn, pending } = props
  const shown = useOpenedAfterMount(opened)
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [showName, setShowName] = useState(true)
  const [quantity, setQuantity] = useState<string | number>(1)
  const [amount, setAmount] = useState('')
  const [showAmountError, setShowAmountError] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    // Issue 43 §2: a pledge box means what was typed ("-5" or "1000000" is refused there).
    const pledge = parseMoneyText(amount, PLEDGE_RULE)
    if (what.kind === 'pledge' && (!pledge.ok || pledge.pounds === null)) return setShowAmountError(true)
    const pounds = pledge.ok && pledge.pounds !== null ? pledge.pounds : 0
    onSubmit({ name, email, showName, quantity: Number(quantity) || 1, amount: pounds }).catch((err: unknown) =>
      setError(apiErrorMessage(err, 'That did not work, please try again')),
    )
  }

  return (
    <Modal
      opened={shown}
      onClose={onClose}
      title={what.kind === 'claim' ? 'Claim without an account' : 'Pledge without an account'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      radius="lg"
      padding="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {what.kind === 'claim' ? 'You are claiming ' : 'You are pledging towards '}
            <strong>{itemTitle}</strong>. We email you a link to confirm: until then it is held for you for 2 hours.
          </Text>
          <TextInput
            label="Your name"
            description="As the family knows you, e.g. Gran"
            autoComplete="given-name"
            required
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            label="Your email address"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          {what.kind === 'claim' && what.left > 1 ? (
            <NumberInput
              label="How many"
              min={1}
              max={what.left}
              allowDecimal={false}
              value={quantity}
              onChange={setQuantity}
              w={120}
            />
          ) : null}
          {what.kind === 'pledge' ? (
            <MoneyInput
              label="Pledge (£)"
              rule={PLEDGE_RULE}
              showError={showAmountError}
              value={amount}
              onChange={setAmount}
              w={200}
            />
          ) : null}
          <Checkbox
            label="Show my first name to the list's other visitors (the list's owner never sees it)"
            checked={showName}
            onChange={(e) => setShowName(e.currentTarget.checked)}
          />
          <Text size="xs" c="dimmed">
            {GUEST_DATA_NOTICE}
          </Text>
          {error ? (
            <Alert color="red" role="alert" p="xs">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" loading={pending}>
            {what.kind === 'claim' ? 'Claim and email me the link' : 'Pledge and email me the link'}
          </Button>
          <Text size="sm" ta="center">
            Have an account?{' '}
            <Anchor component="button" type="button" onClick={onSignIn}>
              Sign in instead
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Modal>
  )
}
