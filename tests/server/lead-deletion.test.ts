/**
 * Deleting leads as the privacy notice promises, on a real PGlite: the owner deletes one with its photos and
 * pending deliveries; the daily expiry deletes what was last contacted over 24 months ago; `npm run leads --
 * delete` (a real process) does it while the site runs and while it is stopped; Storage gets the right calls.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { SITE_CALLER, type SubmitQuoteResult } from '../../app/server/backend/backend.server'
import { embeddedOwnerId } from '../../app/server/backend/embedded-owner.server'
import { createEmbeddedBackend, type EmbeddedBackend } from '../../app/server/backend/embedded.server'
import { deleteExpiredLeadsIn } from '../../app/server/backend/lead-expiry.server'
import { leadPhotoFolder, removeLeadPhotos } from '../../app/server/backend/lead-files.server'
import { parseRuntimeConfig } from '../../app/server/config.server'
import { deleteLead, listInbox, updateLead } from '../../app/server/owner/inbox.server'
import { serveOwnerSocket } from '../../app/server/owner/owner-socket.server'
import { startStorageStandIn } from '../support/storage-stand-in'
import { testLead, useCleanup, useTempDirs } from './helpers'

const run = promisify(execFile)
const tempDir = useTempDirs()
const cleanup = useCleanup()

const OWNER = 'owner@example.com'
const ownerCaller = { as: 'owner', userId: embeddedOwnerId(OWNER) } as const

async function open(dataDir?: string): Promise<EmbeddedBackend> {
  const backend = createEmbeddedBackend({
    // A webhook and push keys, so each lead has several kinds of delivery waiting; no worker sends them.
    config: parseRuntimeConfig({
      OWNER_EMAIL: OWNER,
      LEAD_WEBHOOK_URL: 'https://hooks.example.com/lead',
      LEAD_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      VAPID_PUBLIC_KEY: Buffer.alloc(65, 4).toString('base64url'),
      VAPID_PRIVATE_KEY: Buffer.alloc(32, 9).toString('base64url'),
    }),
    dataDir: dataDir ?? (await tempDir()),
  })
  cleanup.push(() => backend.close())
  return backend
}

async function store(backend: EmbeddedBackend, firstName: string): Promise<string> {
  const result: SubmitQuoteResult = await backend.submitQuote(testLead(firstName))
  if (!result.success || !result.id) throw new Error('the lead was not stored')
  return result.id
}

/** Two photos in the embedded layout the photo upload writes: DATA_DIR/lead-photos/<leadId>/. */
async function addPhotos(dataDir: string, leadId: string): Promise<string> {
  const folder = leadPhotoFolder(dataDir, leadId)
  await mkdir(folder, { recursive: true })
  await writeFile(join(folder, '1.webp'), 'photo one')
  await writeFile(join(folder, '2.webp'), 'photo two')
  return folder
}

async function pendingDeliveries(backend: EmbeddedBackend, leadId: string): Promise<string[]> {
  const db = await backend.db()
  const rows = await db.query<{ kind: string }>(
    `SELECT kind FROM public.quote_outbox WHERE quote_request_id = $1 AND sent_at IS NULL ORDER BY kind`,
    [leadId],
  )
  return rows.rows.map((row) => row.kind)
}

/** As if it had arrived `months` ago and nobody had touched it since. */
async function backdate(backend: EmbeddedBackend, leadId: string, months: number): Promise<void> {
  const db = await backend.db()
  await db.query(`UPDATE public.quote_requests SET created_at = now() - make_interval(months => $2) WHERE id = $1`, [
    leadId,
    months,
  ])
}

async function leadIds(backend: EmbeddedBackend): Promise<string[]> {
  const db = await backend.db()
  return (await db.query<{ id: string }>(`SELECT id FROM public.quote_requests ORDER BY first_name`)).rows.map((r) =>
    String(r.id),
  )
}

describe('the owner deleting a lead', { timeout: 120_000 }, () => {
  it('removes its row, its photo folder and its pending deliveries, and leaves the other leads alone', async () => {
    const backend = await open()
    const ann = await store(backend, 'Ann')
    const bob = await store(backend, 'Bob')
    const annPhotos = await addPhotos(backend.dataDir, ann)
    const bobPhotos = await addPhotos(backend.dataDir, bob)
    expect(await pendingDeliveries(backend, ann)).toEqual([
      'customer_acknowledgement',
      'lead_webhook',
      'owner_escalation',
      'owner_notification',
      'owner_push',
    ])

    expect(await deleteLead(backend, ownerCaller, ann)).toBe(true)

    expect((await listInbox(backend, ownerCaller)).map((lead) => lead.firstName)).toEqual(['Bob'])
    expect(await pendingDeliveries(backend, ann)).toEqual([])
    expect(existsSync(annPhotos)).toBe(false)
    expect(existsSync(bobPhotos)).toBe(true)
    expect(await pendingDeliveries(backend, bob)).toHaveLength(5)
    // Nothing is left queued once the folder is gone.
    const db = await backend.db()
    expect((await db.query(`SELECT 1 FROM public.lead_file_purges`)).rows).toEqual([])
    // Deleting it again says there was no such lead.
    expect(await deleteLead(backend, ownerCaller, ann)).toBe(false)
  })

  it('deletes a lead that has no photo folder', async () => {
    const backend = await open()
    const ann = await store(backend, 'Ann')
    expect(await deleteLead(backend, ownerCaller, ann)).toBe(true)
    expect(await leadIds(backend)).toEqual([])
  })

  it('refuses a signed-in user who is not the inbox owner, and the site’s anon role', async () => {
    const backend = await open()
    const ann = await store(backend, 'Ann')
    const stranger = { as: 'owner', userId: embeddedOwnerId('someone@example.com') } as const
    await listInbox(backend, ownerCaller) // enrols the real owner
    await expect(deleteLead(backend, stranger, ann)).rejects.toThrow(/only the inbox owner deletes leads/)
    await expect(backend.callSql('owner_delete_lead', { p_id: ann }, SITE_CALLER, 'value')).rejects.toThrow(
      /permission denied/,
    )
    await expect(backend.callSql('delete_expired_leads', { p_months: 1 }, SITE_CALLER, 'rows')).rejects.toThrow(
      /permission denied/,
    )
    await expect(backend.callSql('delete_expired_leads', { p_months: 1 }, ownerCaller, 'rows')).rejects.toThrow(
      /permission denied/,
    )
    expect(await leadIds(backend)).toEqual([ann])
  })
})

describe('the daily expiry', { timeout: 120_000 }, () => {
  it('deletes a lead last contacted 25 months ago with its photos, and keeps one at 23 months', async () => {
    const backend = await open()
    const old = await store(backend, 'Old')
    const recent = await store(backend, 'Recent')
    await backdate(backend, old, 25)
    await backdate(backend, recent, 23)
    const oldPhotos = await addPhotos(backend.dataDir, old)

    expect(await deleteExpiredLeadsIn(await backend.db(), backend.dataDir, 24)).toEqual([old])

    expect(await leadIds(backend)).toEqual([recent])
    expect(existsSync(oldPhotos)).toBe(false)
    expect(await pendingDeliveries(backend, old)).toEqual([])
  })

  it('counts a status change as contact: a lead that arrived 25 months ago but was worked last week stays', async () => {
    const backend = await open()
    const worked = await store(backend, 'Worked')
    await backdate(backend, worked, 25)
    await updateLead(backend, ownerCaller, worked, { status: 'contacted', note: 'Called back' })

    expect(await deleteExpiredLeadsIn(await backend.db(), backend.dataDir, 24)).toEqual([])
    expect(await leadIds(backend)).toEqual([worked])
    // A shorter retention from the configuration still counts from that contact.
    expect(parseRuntimeConfig({ LEAD_RETENTION_MONTHS: '12' }).leadRetentionMonths).toBe(12)
    expect(parseRuntimeConfig({}).leadRetentionMonths).toBe(24)
    expect(() => parseRuntimeConfig({ LEAD_RETENTION_MONTHS: '36' })).toThrow(/LEAD_RETENTION_MONTHS/)
  })
})

async function leadsCommand(dataDir: string, ...args: string[]) {
  return run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/leads.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
  }).catch((error: { code: number; stdout: string; stderr: string }) => error)
}

describe('npm run leads -- delete', { timeout: 180_000 }, () => {
  it('deletes a lead through the running site, with its photos and deliveries', async () => {
    const backend = await open()
    serveOwnerSocket(backend)
    const ann = await store(backend, 'Ann')
    const bob = await store(backend, 'Bob')
    const photos = await addPhotos(backend.dataDir, ann)

    const done = await leadsCommand(backend.dataDir, 'delete', ann)
    expect(done.stderr).toContain(`Lead ${ann} is deleted`)

    expect(await leadIds(backend)).toEqual([bob])
    expect(existsSync(photos)).toBe(false)
    expect(await pendingDeliveries(backend, ann)).toEqual([])
    const again = await leadsCommand(backend.dataDir, 'delete', ann)
    expect(again).toMatchObject({ code: 1 })
    expect(again.stderr).toContain(`No lead with id ${ann}`)
  })

  it('deletes a lead from the folder while the site is stopped', async () => {
    const dataDir = await tempDir()
    const first = await open(dataDir)
    const ann = await store(first, 'Ann')
    const bob = await store(first, 'Bob')
    const photos = await addPhotos(dataDir, ann)
    await first.close()

    const done = await leadsCommand(dataDir, 'delete', ann)
    expect(done.stderr).toContain(`Lead ${ann} is deleted`)
    expect(existsSync(photos)).toBe(false)

    expect(await leadIds(await open(dataDir))).toEqual([bob])
  })

  it('refuses what is not a lead id before touching anything', async () => {
    const failed = await leadsCommand(await tempDir(), 'delete', '../../etc')
    expect(failed).toMatchObject({ code: 2 })
    expect(failed.stderr).toContain('not a lead id')
  })
})

describe('photos in Supabase Storage', () => {
  it('lists each lead’s folder and removes its objects with the service role, on a local stand-in of Supabase Storage', async () => {
    const storage = await startStorageStandIn(
      'service-role-key',
      new Map([
        ['11111111-1111-4111-8111-111111111111', ['a.webp', 'b.webp', 'small/a.webp']],
        ['22222222-2222-4222-8222-222222222222', []],
      ]),
    )
    cleanup.push(() => storage.close())
    const { url, objects, calls } = storage

    await removeLeadPhotos({ kind: 'storage', url, serviceRoleKey: 'service-role-key' }, [...objects.keys()])

    expect(objects.get('11111111-1111-4111-8111-111111111111')).toEqual([])
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      {
        method: 'DELETE',
        url: '/storage/v1/object/lead-photos',
        auth: 'Bearer service-role-key',
        body: {
          prefixes: [
            '11111111-1111-4111-8111-111111111111/small/a.webp',
            '11111111-1111-4111-8111-111111111111/a.webp',
            '11111111-1111-4111-8111-111111111111/b.webp',
          ],
        },
      },
    ])
    // A refusal is an error, so the ids stay queued for the next run.
    await expect(
      removeLeadPhotos({ kind: 'storage', url, serviceRoleKey: 'anon-key' }, ['11111111-1111-4111-8111-111111111111']),
    ).rejects.toThrow(/403/)
  })
})
