/**
 * Follow-through on Supabase (docs/decisions/048-follow-through.md): send-quote-email under Deno against
 * PostgreSQL 15 and a real SMTP server, the same SQL and delivery table as embedded mode
 * (tests/server/follow-through.test.ts).
 */
import { createHash } from 'node:crypto'
import webpush from 'web-push'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { site } from '../../app/content/site'
import { ACKNOWLEDGEMENT_SUBJECT } from '../../app/server/quote/acknowledgement.server'
import { businessMinutesLater, pacificDate } from '../../app/server/backend/business-hours.server'
import { startSmtp, type TestSmtp } from '../server/helpers'
import { localCertificate, phoneKeys, startPushService } from '../support/push-service'
import { startFunction, startLocalSupabase, type LocalSupabase, type RunningFunction } from '../support/supabase-local'
import { psqlOk, queryJson } from '../support/supabase-postgres'
import { callFunction, outboxDelivered, waitFor } from './support'

const OWNER = 'owner@delta-breeze.example'

let local: LocalSupabase
let smtp: TestSmtp
const instances: RunningFunction[] = []

beforeAll(async () => {
  smtp = await startSmtp()
  local = await startLocalSupabase({
    names: ['send-quote-email'],
    functionEnv: () => ({ SMTP_URL: smtp.url, QUOTE_NOTIFY_EMAIL: OWNER }),
  })
})

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()))
  await local?.stop()
  await smtp?.close()
})

/** As the site calls it: a client's salted hash in x-rate-limit-key (decision 021). */
function submit(lead: Record<string, unknown>, client: string, headers: Record<string, string> = {}) {
  return callFunction(`${local.url}/functions/v1/send-quote-email`, lead, {
    Authorization: `Bearer ${local.keys.anon}`,
    apikey: local.keys.anon,
    'x-rate-limit-key': createHash('sha256').update(client).digest('hex'),
    'x-rate-limit': '1000/600000',
    ...headers,
  })
}

const acknowledgements = () => smtp.received.filter((received) => received.mail.subject === ACKNOWLEDGEMENT_SUBJECT)

describe('the customer hears back at once, on Supabase', { timeout: 120_000 }, () => {
  it('acknowledges a stored lead once, with nothing typed in it; 50 clients naming one address send it one', async () => {
    const typed = { firstName: 'Zebulon', email: 'zeb@example.com', phone: '916-555-0177', street: '9 Oddname Way' }
    expect((await submit(typed, 'client-a')).status).toBe(200)
    for (let i = 0; i < 50; i++) {
      const answer = await submit(
        { firstName: `Bot${i}`, email: 'victim@example.com', phone: '9165550100' },
        `bot-${i}`,
      )
      expect(answer.status).toBe(200)
    }
    const spam = await submit({ firstName: 'Spam', email: 'spam@example.com', phone: '9165550100' }, 'client-s', {
      'x-suspected-spam': 'honeypot',
    })
    expect(spam.status).toBe(200)
    await outboxDelivered(local.cluster)

    const acks = acknowledgements()
    expect(acks.map((ack) => ack.rcptTo[0]).sort()).toEqual(['victim@example.com', 'zeb@example.com'])
    const zeb = acks.find((ack) => ack.rcptTo[0] === 'zeb@example.com')!.mail
    expect(zeb.text).toContain(site.phone)
    for (const body of [zeb.text ?? '', String(zeb.html)]) {
      for (const value of ['Zebulon', 'Oddname', '555-0177']) expect(body).not.toContain(value)
    }
    expect(smtp.received.filter((received) => received.rcptTo.includes(OWNER))).toHaveLength(51)
    psqlOk(local.cluster, `DELETE FROM public.rate_limit_hits`)
  })
})

const vapid = webpush.generateVAPIDKeys()
const phone = phoneKeys()
const tls = localCertificate()

/** Another send-quote-email process on the same database: with alerts, as a second deployment would run it. */
async function alertingInstance(): Promise<RunningFunction> {
  const instance = await startFunction('send-quote-email', {
    env: {
      SUPABASE_URL: local.url,
      SUPABASE_SERVICE_ROLE_KEY: local.keys.service,
      FUNCTIONS_DATABASE_URL: local.cluster.url('authenticator'),
      SMTP_URL: smtp.url,
      QUOTE_NOTIFY_EMAIL: OWNER,
      CUSTOMER_ACKNOWLEDGEMENT: 'off',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      DENO_CERT: tls.certPath,
    },
  })
  instances.push(instance)
  return instance
}

const rowsOf = (kind: string) =>
  queryJson<{ lead: string; due: string; sent: boolean }>(
    local.cluster,
    `SELECT quote_request_id AS lead, next_attempt_at AS due, sent_at IS NOT NULL AS sent
       FROM public.quote_outbox WHERE kind = '${kind}' ORDER BY created_at`,
  )

describe('follow-ups on one Supabase database', { timeout: 180_000 }, () => {
  it('escalates a lead still new and reminds of a quoted one once each, though two instances run the schedule', async () => {
    const push = await startPushService(phone, vapid.publicKey, tls)
    try {
      const keys = { p256dh: phone.ecdh.getPublicKey().toString('base64url'), auth: phone.auth.toString('base64url') }
      psqlOk(
        local.cluster,
        `INSERT INTO public.owner_push_subscriptions (endpoint, p256dh, auth)
         VALUES ('${push.endpoint}', '${keys.p256dh}', '${keys.auth}')`,
      )
      const [one, two] = await Promise.all([alertingInstance(), alertingInstance()])
      const lead = (zip: string) => ({ firstName: 'Maria', email: 'maria@example.com', phone: '9165550100', zip })
      const before = Date.now()
      expect((await callFunction(one.url, lead('95630'))).status).toBe(200)
      expect((await callFunction(two.url, lead('95661'))).status).toBe(200)
      await waitFor(() => push.delivered.length === 2, 30_000) // the two new-lead pushes

      // Timed by the shared opening-hours count, from when the function stored it.
      const [folsom, roseville] = rowsOf('owner_escalation')
      const due = new Date(folsom!.due).getTime()
      expect(due).toBeGreaterThanOrEqual(businessMinutesLater(new Date(before), 15).getTime())
      expect(due).toBeLessThanOrEqual(businessMinutesLater(new Date(), 15).getTime())

      // The owner marks the second contacted; the first's timer runs out (moved, not waited for).
      psqlOk(local.cluster, `UPDATE public.quote_requests SET status = 'contacted' WHERE id = '${roseville!.lead}'`)
      expect(rowsOf('owner_escalation').map((row) => row.lead)).toEqual([folsom!.lead])
      psqlOk(local.cluster, `UPDATE public.quote_outbox SET next_attempt_at = now() WHERE kind = 'owner_escalation'`)
      await Promise.all([one, two, one, two].map((instance) => callFunction(instance.url, { deliverDue: true })))
      await waitFor(() => rowsOf('owner_escalation')[0]?.sent, 30_000)
      await Promise.all([one, two].map((instance) => callFunction(instance.url, { deliverDue: true })))
      expect(push.delivered.map((delivered) => delivered.payload.title).slice(2)).toEqual([
        'Still waiting: quote request in Folsom, 15 min',
      ])

      // Quoted: two reminders, 2 and 7 days on; the first comes due, both instances run, one push.
      psqlOk(local.cluster, `UPDATE public.quote_requests SET status = 'quoted' WHERE id = '${folsom!.lead}'`)
      const [twoDays, sevenDays] = [rowsOf('owner_reminder_2d'), rowsOf('owner_reminder_7d')]
      const inDays = (row: { due: string } | undefined) => (new Date(row!.due).getTime() - Date.now()) / 86_400_000
      expect(inDays(twoDays[0])).toBeCloseTo(2, 2)
      expect(inDays(sevenDays[0])).toBeCloseTo(7, 2)
      psqlOk(local.cluster, `UPDATE public.quote_outbox SET next_attempt_at = now() WHERE kind = 'owner_reminder_2d'`)
      await Promise.all([one, two, one, two].map((instance) => callFunction(instance.url, { deliverDue: true })))
      await waitFor(() => rowsOf('owner_reminder_2d')[0]?.sent, 30_000)
      expect(push.delivered.map((delivered) => delivered.payload.title).slice(3)).toEqual([
        'Follow up with Maria: quoted 2 days ago',
      ])
      // Won: the 7-day reminder goes.
      psqlOk(local.cluster, `UPDATE public.quote_requests SET status = 'won' WHERE id = '${folsom!.lead}'`)
      expect(rowsOf('owner_reminder_7d')).toEqual([])
    } finally {
      await push.stop()
    }
  })
})

describe('the morning list on one Supabase database', { timeout: 180_000 }, () => {
  it('is made and e-mailed once a day, though two instances run the schedule at once', async () => {
    const [one, two] = await Promise.all([alertingInstance(), alertingInstance()])
    // Whatever earlier runs today decided: this test makes today's list from scratch.
    psqlOk(local.cluster, `DELETE FROM public.owner_morning_lists`)
    psqlOk(
      local.cluster,
      `INSERT INTO public.quote_requests (first_name, email, phone, status, idempotency_key, created_at)
       VALUES ('Stale', 'stale@example.com', '916-555-0191', 'new', 'morning-stale-1', now() - interval '2 days'),
              ('Waiting', 'wait@example.com', '916-555-0192', 'contacted', 'morning-stale-2', now() - interval '3 days'),
              ('Quoted', 'q@example.com', '916-555-0193', 'quoted', 'morning-stale-3', now() - interval '3 days')`,
    )
    const before = smtp.received.length
    const run = () =>
      Promise.all([one, two, one, two].map((instance) => callFunction(instance.url, { deliverDue: true })))
    await run()
    // Before opening time the schedule makes none: queue today's as it would at 07:00, then run again.
    psqlOk(local.cluster, `SELECT public.queue_morning_list('${pacificDate(new Date())}'::date)`)
    await run()
    await outboxDelivered(local.cluster)
    await run()
    const lists = smtp.received
      .slice(before)
      .filter((received) => /waiting for a call/.test(received.mail.subject ?? ''))
    expect(lists).toHaveLength(1)
    expect(lists[0]!.rcptTo).toEqual([OWNER])
    expect(lists[0]!.mail.subject).toBe('2 leads are waiting for a call')
    expect(lists[0]!.mail.text).toContain('Stale, new since')
    expect(lists[0]!.mail.text).toContain('Waiting, contacted since')
    expect(lists[0]!.mail.text).not.toContain('Quoted')
    expect(String(lists[0]!.mail.html)).toContain('href="tel:+19165550191"')
  })
})
