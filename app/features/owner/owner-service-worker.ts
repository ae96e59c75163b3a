import { OWNER_LEADS_MESSAGE } from './owner-lead'

/** No caching, no fetch handler. An open inbox is told to read its leads again. */
export const OWNER_SERVICE_WORKER = `'use strict'
const inboxes = () =>
  self.clients
    .matchAll({ type: 'window', includeUncontrolled: true })
    .then((windows) => windows.filter((client) => new URL(client.url).pathname === '/owner'))
self.addEventListener('push', (event) => {
  let data = {}
  try {
    data = event.data ? event.data.json() : {}
  } catch {
    data = {}
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'New quote request'
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, {
        body: typeof data.body === 'string' ? data.body : '',
        icon: '/icon-192.png',
        tag: 'lead',
        renotify: true,
        data: { url: '/owner' },
      }),
      inboxes().then((windows) => windows.forEach((client) => client.postMessage(${JSON.stringify(OWNER_LEADS_MESSAGE)}))),
    ]),
  )
})
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  event.waitUntil(
    inboxes().then(([open]) => {
      if (!open) return self.clients.openWindow('/owner')
      open.postMessage(${JSON.stringify(OWNER_LEADS_MESSAGE)})
      return open.focus()
    }),
  )
})
`
