// Web Push to the owner's phones (decision 048): the subscriptions the inbox saved, VAPID-signed by web-push and
// sent by fetch. A phone whose push service answers 404 or 410, or whose endpoint leads to no public host, is
// dropped; any other failure throws, so the outbox retries.
import webpush from 'web-push'
import type { RuntimeConfig } from '../config.server'
import type { Db } from '../db/database.server'
import { log } from '../log/logger.server'
import { pushTargetRefusal } from './push-endpoint.server'

/** What a phone shows: no customer's contact details, since push services relay it. */
export interface Push {
  title: string
  body: string
  url: string
}

export async function savePushSubscription(
  db: Db,
  { endpoint, keys }: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await db
    .insertInto('owner_push_subscriptions')
    .values({ endpoint, p256dh: keys.p256dh, auth: keys.auth })
    .onConflict((conflict) =>
      conflict
        .column('endpoint')
        .doUpdateSet((eb) => ({ p256dh: eb.ref('excluded.p256dh'), auth: eb.ref('excluded.auth') })),
    )
    .execute()
}

/** The keys pushes are signed with, the subject defaulting to the owner's address; null with alerts off. */
export function vapidOf(config: Pick<RuntimeConfig, 'owner'>, ownerAddress: string) {
  const vapid = config.owner.vapid
  return vapid ? { ...vapid, subject: vapid.subject ?? `mailto:${ownerAddress}` } : null
}

/** To every saved phone; how many took it. Redirects are not followed (decision 052). */
export async function pushToPhones(
  db: Db,
  vapid: NonNullable<ReturnType<typeof vapidOf>>,
  push: Push,
  policy: RuntimeConfig['owner']['pushPolicy'],
): Promise<number> {
  const targets = await db.selectFrom('owner_push_subscriptions').select(['endpoint', 'p256dh', 'auth']).execute()
  let delivered = 0
  const gone: string[] = []
  const failures: string[] = []
  for (const target of targets) {
    try {
      const refused = await pushTargetRefusal(target.endpoint, policy)
      if (refused) {
        log('outbox').warn({ reason: refused }, 'push subscription dropped: its endpoint is not a public https host')
        gone.push(target.endpoint)
        continue
      }
      // fetch sends it: web-push's own sender is https-only.
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(push),
        { vapidDetails: vapid, TTL: 24 * 3600, urgency: 'high' },
      )
      const answer = await fetch(details.endpoint, {
        method: 'POST',
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body as Buffer) : null,
        signal: AbortSignal.timeout(10_000),
        redirect: 'manual',
      })
      await answer.arrayBuffer().catch(() => undefined)
      if (answer.status === 404 || answer.status === 410) gone.push(target.endpoint)
      else if (answer.ok) delivered++
      else failures.push(`push service answered ${answer.status}`)
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : ''
      failures.push(`${error instanceof Error ? error.message : String(error)}${cause}`)
    }
  }
  if (gone.length > 0) await db.deleteFrom('owner_push_subscriptions').where('endpoint', 'in', gone).execute()
  if (failures.length > 0) throw new Error(`push failed: ${failures.join('; ')}`)
  return delivered
}
