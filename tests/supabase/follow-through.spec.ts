/**
 * Follow-through on Supabase (docs/decisions/048-follow-through.md): send-quote-email under Deno against
 * PostgreSQL 15 and a real SMTP server, the same SQL and delivery table as embedded mode
 * (tests/server/follow-through.test.ts).
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { site } from '../../app/content/site'
import { ACKNOWLEDGEMENT_SUBJECT } from '../../app/server/quote/acknowledgement.server'
import { startSmtp, type TestSmtp } from '../server/helpers'
import { startLocalSupabase, type LocalSupabase } from '../support/supabase-local'
import { psqlOk } from '../support/supabase-postgres'
import { callFunction, outboxDelivered } from './support'

const OWNER = 'owner@delta-breeze.example'

let local: LocalSupabase
let smtp: TestSmtp

beforeAll(async () => {
  smtp = await startSmtp()
  local = await startLocalSupabase({
    names: ['send-quote-email'],
    functionEnv: () => ({ SMTP_URL: smtp.url, QUOTE_NOTIFY_EMAIL: OWNER }),
  })
})

afterAll(async () => {
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
