/** No caching, no fetch handler. */
export const OWNER_SERVICE_WORKER = `'use strict'
self.addEventListener('push', (event) => {
  let data = {}
  try {
    data = event.data ? event.data.json() : {}
  } catch {
    data = {}
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'New quote request'
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icon-192.png',
      tag: 'lead',
      renotify: true,
      data: { url: '/owner' },
    }),
  )
})
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname === '/owner')
      return open ? open.focus() : self.clients.openWindow('/owner')
    }),
  )
})
`
