import { Button, Group, Modal, Text } from '@mantine/core'
import { ORDER_UI } from './messages'

/** The dialog of BuyErrorDialog (its own chunk, fetched with the first failure). */
export default function BuyErrorModal({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Modal opened={message !== null} onClose={onClose} title={ORDER_UI.buyErrorTitle} centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  )
}
