import { ActionIcon, Button, Group, Modal, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconEye, IconEyeOff } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Product } from '@presently/domain'
import { markCatalogChanged, useTRPC } from '../../lib/trpc'

export interface DisableProductButtonProps {
  /** `disabled` defaults to false (listings show enabled products only). */
  product: Pick<Product, 'id' | 'title'> & { disabled?: boolean }
  /** "icon" on product cards, "button" on the product page. */
  variant?: 'icon' | 'button'
}

/**
 * The staff part of DisableProductButton (its own chunk, loaded only for staff and admins:
 * docs/decisions/web-bundle.md): the button, its confirmation dialog and the call.
 */
export default function StaffDisableButton({ product, variant = 'button' }: DisableProductButtonProps) {
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
