// TRANSITIONAL: owner-access.server.ts imports the owner's address from here; point it at ../outbox/channels.server.
export { ownerEmail } from '../outbox/channels.server'
