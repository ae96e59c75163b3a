/**
 * The owner's inbox (docs/decisions/033-owner-inbox.md) on the run's database and a real SMTP server: the leads
 * it lists, a status and a note saved, the owner's phones for alerts.
 */
import { describe, expect, it } from 'vitest'
import { parseRuntimeConfig } from '../../app/platform/config.server'
import type { InboxLead } from '../../app/features/owner/owner-lead'
import { listInbox, updateLead } from '../../app/features/owner/inbox.server'
import { savePushSubscription } from '../../app/platform/transport/push.server'
import { rowsOf, storeTestLead, useMailingSites } from './helpers'

const mailingSite = useMailingSites()

const OWNER = 'owner@example.com'
const REVIEW_URL = 'https://g.page/r/example-review'

const open = () => mailingSite({ OWNER_EMAIL: OWNER, GOOGLE_REVIEW_URL: REVIEW_URL })

describe('the inbox', { timeout: 120_000 }, () => {
  it('lists leads newest first without suspected spam, and saves a status and a note', async () => {
    const { site } = await open()
    const db = site.db
    const older = await storeTestLead(site, 'Olive', { sourcePage: '/city/folsom' })
    await storeTestLead(site, 'Spam', { spamReason: 'honeypot' })
    await rowsOf(db, `UPDATE leads SET created_at = now() - interval '1 hour' WHERE first_name = 'Olive'`)
    await storeTestLead(site, 'Nora', {
      sourcePage: '/services?tab=roof',
      street: '4821 Elm Ridge Way',
      zip: '95814',
      preferredTime: 'afternoon',
      outsideArea: true,
    })

    const leads = await listInbox(db)
    expect(leads.map((entry) => [entry.firstName, entry.service, entry.city])).toEqual([
      ['Nora', 'Roof Cleaning', null],
      ['Olive', null, 'Folsom'],
    ])
    const place = (entry: InboxLead | null | undefined) =>
      entry && [entry.street, entry.zip, entry.preferredTime, entry.outsideArea]
    expect(leads.map(place)).toEqual([
      ['4821 Elm Ridge Way', '95814', 'afternoon', true],
      [null, null, null, null],
    ])
    // A saved card keeps its address: the update answers with the whole lead.
    const nora = await updateLead(db, leads[0]!.id, { status: 'quoted', note: '' })
    expect(place(nora)).toEqual(['4821 Elm Ridge Way', '95814', 'afternoon', true])
    const updated = await updateLead(db, older, { status: 'contacted', note: 'Call after 5 pm' })
    expect(updated).toMatchObject({ status: 'contacted', note: 'Call after 5 pm' })
    expect((await listInbox(db))[1]).toMatchObject({ firstName: 'Olive', status: 'contacted', note: 'Call after 5 pm' })
    expect(await updateLead(db, '00000000-0000-4000-8000-000000000000', { status: 'won', note: '' })).toBeNull()
  })

  it("keeps one row per phone for alerts, with the phone's latest keys", async () => {
    const { site } = await open()
    const db = site.db
    const phone = {
      endpoint: 'https://push.example.com/send/phone-1',
      keys: { p256dh: 'p256dh-key-1', auth: 'auth-key-1' },
    }
    await savePushSubscription(db, phone)
    await savePushSubscription(db, { ...phone, keys: { p256dh: 'p256dh-key-2', auth: 'auth-key-2' } })
    await savePushSubscription(db, { ...phone, endpoint: 'https://push.example.com/send/phone-2' })

    const rows = await rowsOf(db, 'SELECT endpoint, p256dh, auth FROM owner_push_subscriptions ORDER BY endpoint')
    expect(rows).toEqual([
      { endpoint: phone.endpoint, p256dh: 'p256dh-key-2', auth: 'auth-key-2' },
      { endpoint: 'https://push.example.com/send/phone-2', p256dh: 'p256dh-key-1', auth: 'auth-key-1' },
    ])
  })
})

describe("the owner's settings", () => {
  it('takes only a long enough key, an e-mail address and https review link from the environment', () => {
    expect(() => parseRuntimeConfig({ OWNER_SESSION_SECRET: 'short' })).toThrow(
      /OWNER_SESSION_SECRET must be at least 32 random characters .*\(value not shown\)/,
    )
    expect(() => parseRuntimeConfig({ OWNER_EMAIL: 'not an address' })).toThrow(/OWNER_EMAIL must be an e-mail address/)
    expect(() => parseRuntimeConfig({ GOOGLE_REVIEW_URL: 'javascript:alert(1)' })).toThrow(/GOOGLE_REVIEW_URL/)
    // Customers follow it from the business's e-mail: plain http is refused at start, naming the variable.
    expect(() => parseRuntimeConfig({ GOOGLE_REVIEW_URL: 'http://g.page/r/example-review' })).toThrow(
      /GOOGLE_REVIEW_URL must be an https:\/\/ address/,
    )
    expect(parseRuntimeConfig({ GOOGLE_REVIEW_URL: REVIEW_URL }).owner.googleReviewUrl).toBe(REVIEW_URL)
    expect(() => parseRuntimeConfig({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/VAPID_PUBLIC_KEY/)
    expect(parseRuntimeConfig({ QUOTE_NOTIFY_EMAIL: OWNER }).owner.email).toBe(OWNER)
  })
})
