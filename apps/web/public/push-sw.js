/* Price alert notifications of the installed app (issue 39), imported into the Workbox service
   worker (vite.config.ts workbox.importScripts). The server sends {title, body, url}. */
self.addEventListener('push', (event) => {
  let data = { title: 'Presently', body: '', url: '/' }
  try {
    if (event.data) data = { ...data, ...event.data.json() }
  } catch {
    if (event.data) data.body = event.data.text()
  }
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: data.body,
      icon: '/pwa-192x192.png',
      badge: '/pwa-64x64.png',
      tag: 'price-alerts',
      data: { url: data.url },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = new URL(event.notification.data?.url || '/', self.location.origin)
  // Only the shop's own pages open from a notification.
  const url = target.origin === self.location.origin ? target.href : self.location.origin
  event.waitUntil(self.clients.openWindow(url))
})
