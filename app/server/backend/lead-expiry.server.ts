// Embedded mode's side of lead deletion (docs/decisions/043-lead-deletion.md): the daily expiry, and the
// removal of deleted leads' photo folders that the migration queues. Logs counts, never contact details.
import type { PGlite } from '@electric-sql/pglite'
import { log } from '../log/logger.server'
import type { Attachment, EmbeddedBackend } from './embedded.server'
import { purgeQueuedLeadFiles, removeLeadPhotos } from './lead-files.server'

const DAY_MS = 24 * 60 * 60 * 1000

/** Removes the photo folders of every deleted lead still queued; returns how many leads were purged. */
export function purgeLeadFilesIn(db: PGlite, dataDir: string): Promise<number> {
  return purgeQueuedLeadFiles(
    {
      due: async (limit) =>
        (await db.query<{ lead_id: string }>(`SELECT lead_id FROM public.lead_file_purges_due($1)`, [limit])).rows.map(
          (row) => String(row.lead_id),
        ),
      finish: async (ids) => void (await db.query(`SELECT public.finish_lead_file_purges($1)`, [ids])),
    },
    (ids) => removeLeadPhotos({ kind: 'folder', dataDir }, ids),
  )
}

/** Deletes every lead whose last contact is older than `months`, then their photos. Returns their ids. */
export async function deleteExpiredLeadsIn(db: PGlite, dataDir: string, months: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(`SELECT id FROM public.delete_expired_leads($1)`, [months])
  const ids = rows.rows.map((row) => String(row.id))
  await purgeLeadFilesIn(db, dataDir)
  if (ids.length > 0) log('leads').info({ deleted: ids.length, months }, 'deleted leads past their retention')
  return ids
}

/** Once at start (which also finishes a purge a crash interrupted), then every 24 hours. */
export function expireLeadsDaily(backend: EmbeddedBackend, months: number, everyMs = DAY_MS): void {
  backend.attach('lead expiry', async (db): Promise<Attachment> => {
    const run = () =>
      deleteExpiredLeadsIn(db, backend.dataDir, months).catch((error: unknown) =>
        log('leads').error({ err: error }, 'the lead expiry failed; it runs again in a day'),
      )
    void run()
    const timer = setInterval(() => void run(), everyMs)
    timer.unref()
    return { close: async () => clearInterval(timer) }
  })
}
