import '@mantine/notifications/styles.css'
import { Notifications } from '@mantine/notifications'

/**
 * Where notifications show (top right). Loaded after the first paint (main.tsx): `notifications.show()`
 * only writes to the shared store, which this container reads when it mounts, so nothing shown
 * before it arrives is lost.
 */
export default function NotificationsHost() {
  return <Notifications position="top-right" />
}
