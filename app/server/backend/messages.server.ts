// TRANSITIONAL: app/server/quotes/ imports the outbox's messages from here; point it at ../outbox/messages.server.
export * from '../outbox/messages.server'
