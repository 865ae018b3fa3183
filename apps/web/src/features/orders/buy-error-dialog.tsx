import { Button, Group, Modal, Text } from '@mantine/core'
import { ORDER_UI } from './messages'

/** The buy flow's failure dialog: titled "Error", the message, a "Close" button (spec browsing-and-purchase §8). */
export function BuyErrorDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
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
