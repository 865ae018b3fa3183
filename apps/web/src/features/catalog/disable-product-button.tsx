import { ActionIcon, Button, Group, Modal, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconEye, IconEyeOff } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Product } from '@presently/domain'
import { useSession } from '../session/session'
import { markCatalogChanged, useTRPC } from '../../lib/trpc'

interface DisableProductButtonProps {
  /** `disabled` defaults to false (listings show enabled products only). */
  product: Pick<Product, 'id' | 'title'> & { disabled?: boolean }
  /** "icon" on product cards, "button" on the product page. */
  variant?: 'icon' | 'button'
}

/**
 * Staff's button that disables a product, or enables a disabled one (spec account-area §2
 * "Product buttons": staff and admins only; the server checks again). Busy while the call is in
 * flight; afterwards, or on failure, the product queries are refreshed (§4, §8: failures are
 * logged) so listings drop or regain the product at once. Disabling asks for confirmation first
 * (issue 26); enabling does not.
 */
export function DisableProductButton(props: DisableProductButtonProps) {
  const { user } = useSession()
  if (!user || !(user.is_staff || user.is_admin)) return null
  return <StaffDisableButton {...props} />
}

function StaffDisableButton({ product, variant = 'button' }: DisableProductButtonProps) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const refreshProducts = () => {
    markCatalogChanged()
    return Promise.all(
      [trpc.products, trpc.promos, trpc.categories, trpc.variants, trpc.likes, trpc.orders].map((router) =>
        queryClient.invalidateQueries(router.pathFilter()),
      ),
    )
  }
  const toggle = useMutation(
    trpc.products.toggleDisabled.mutationOptions({
      onSuccess: (result) => {
        notifications.show({
          color: result.disabled ? 'gray' : 'green',
          title: result.message,
          message: product.title,
        })
        return refreshProducts()
      },
      onError: (error) => {
        console.error('Failed to toggle product disabled', error)
        return refreshProducts()
      },
    }),
  )
  const label = product.disabled ? 'Enable product' : 'Disable product'
  const [confirming, setConfirming] = useState(false)
  const run = () => (product.disabled ? toggle.mutate({ id: product.id }) : setConfirming(true))
  const confirm = (
    <Modal opened={confirming} onClose={() => setConfirming(false)} title="Disable this product?" centered>
      <Text size="sm">
        Shoppers will no longer see {product.title} in listings, search or recommendations. You can enable it again from
        its page.
      </Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => setConfirming(false)}>
          Cancel
        </Button>
        <Button
          color="red"
          onClick={() => {
            setConfirming(false)
            toggle.mutate({ id: product.id })
          }}
        >
          Disable
        </Button>
      </Group>
    </Modal>
  )

  if (variant === 'icon') {
    return (
      <>
        <ActionIcon
          size="lg"
          radius="xl"
          variant="default"
          aria-label={`${label}: ${product.title}`}
          title={label}
          loading={toggle.isPending}
          onClick={(event) => {
            // Inside a card link: the button must not open the product.
            event.preventDefault()
            event.stopPropagation()
            run()
          }}
          data-testid="disable-product-button"
        >
          {product.disabled ? <IconEye size="60%" aria-hidden /> : <IconEyeOff size="60%" aria-hidden />}
        </ActionIcon>
        {confirm}
      </>
    )
  }
  return (
    <>
      <Button
        variant="default"
        color={product.disabled ? 'green' : 'red'}
        leftSection={product.disabled ? <IconEye size={18} aria-hidden /> : <IconEyeOff size={18} aria-hidden />}
        loading={toggle.isPending}
        onClick={run}
        data-testid="disable-product-button"
      >
        {label}
      </Button>
      {confirm}
    </>
  )
}
