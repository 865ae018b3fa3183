import { Button, Group, Modal, Text } from '@mantine/core'
import { useOpenedAfterMount } from '../../lib/use-opened-after-mount'
import { ORDER_UI } from './messages'

/** The dialog of BuyErrorDialog (its own chunk, fetched with the first failure). */
export default function BuyErrorModal({ message, onClose }: { message: string | null; onClose: () => void }) {
  // Mounted open with the first failure: see useOpenedAfterMount (focus back on Buy Now when closed).
  const opened = useOpenedAfterMount(message !== null)
  return (
    <Modal opened={opened} onClose={onClose} title={ORDER_UI.buyErrorTitle} centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  )
}
