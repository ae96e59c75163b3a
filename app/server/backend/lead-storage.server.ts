// A deleted lead's photos in Supabase Storage (docs/decisions/043-lead-deletion.md): the private bucket
// `lead-photos` holds `<leadId>/<file>`. Plain fetch and no Node import: the functions run it too (synced).
export const LEAD_PHOTO_BUCKET = 'lead-photos'

export interface StorageAccess {
  /** The project's address, e.g. https://abc.supabase.co */
  url: string
  /** Only the service role may list and remove another user's objects in a private bucket. */
  serviceRoleKey: string
  fetch?: typeof fetch
}

const LIST_PAGE = 100

async function storageCall(
  storage: StorageAccess,
  method: string,
  path: string,
  body: unknown,
  contentType = 'application/json',
): Promise<unknown> {
  const response = await (storage.fetch ?? fetch)(`${storage.url.replace(/\/+$/, '')}/storage/v1/${path}`, {
    method,
    headers: {
      apikey: storage.serviceRoleKey,
      Authorization: `Bearer ${storage.serviceRoleKey}`,
      'Content-Type': contentType,
      // An upload never replaces an object: the names are random, a clash is a bug.
      ...(method === 'POST' && contentType !== 'application/json' ? { 'x-upsert': 'false' } : {}),
    },
    body: body instanceof Uint8Array ? new Blob([body.slice()]) : JSON.stringify(body),
  })
  const answer: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const message = (answer as { message?: unknown } | null)?.message
    throw new Error(`Storage ${method} ${path} answered ${response.status}: ${String(message ?? response.statusText)}`)
  }
  return answer
}

/** Puts one JPEG at `<leadId>/<name>`; refused if that name exists. */
export async function uploadLeadObject(storage: StorageAccess, path: string, bytes: Uint8Array): Promise<void> {
  await storageCall(storage, 'POST', `object/${LEAD_PHOTO_BUCKET}/${path}`, bytes, 'image/jpeg')
}

/** Removes these objects (`<leadId>/<name>`); a name that is not there is fine. */
export async function removeObjects(storage: StorageAccess, paths: readonly string[]): Promise<void> {
  if (paths.length > 0) await storageCall(storage, 'DELETE', `object/${LEAD_PHOTO_BUCKET}`, { prefixes: paths })
}

/** Every object name under `folder/`; Storage lists a subfolder as an entry without an id, walked into too. */
async function objectNames(storage: StorageAccess, folder: string, depth = 0): Promise<string[]> {
  const names: string[] = []
  for (let offset = 0; ; offset += LIST_PAGE) {
    const page = (await storageCall(storage, 'POST', `object/list/${LEAD_PHOTO_BUCKET}`, {
      prefix: `${folder}/`,
      limit: LIST_PAGE,
      offset,
    })) as { name?: unknown; id?: unknown }[] | null
    for (const item of page ?? []) {
      if (typeof item.name !== 'string') continue
      if (item.id === null && depth < 3)
        names.push(...(await objectNames(storage, `${folder}/${item.name}`, depth + 1)))
      else names.push(`${folder}/${item.name}`)
    }
    if (!page || page.length < LIST_PAGE) return names
  }
}

/** Removes every photo of these leads; a lead without photos is fine. Returns how many objects went. */
export async function removeLeadObjects(storage: StorageAccess, leadIds: readonly string[]): Promise<number> {
  let removed = 0
  for (const leadId of leadIds) {
    const prefixes = await objectNames(storage, leadId)
    await removeObjects(storage, prefixes)
    removed += prefixes.length
  }
  return removed
}

/** The queue the migration fills on every lead deletion (lead_file_purges). */
export interface PurgeQueue {
  due(limit: number): Promise<string[]>
  finish(leadIds: readonly string[]): Promise<void>
}

/**
 * Removes the photos of every queued lead, then clears those ids; a failure leaves them queued for the next
 * run. Returns how many leads were purged.
 */
export async function purgeQueuedLeadFiles(
  queue: PurgeQueue,
  remove: (leadIds: readonly string[]) => Promise<unknown>,
  batch = 100,
): Promise<number> {
  let purged = 0
  for (;;) {
    const ids = await queue.due(batch)
    if (ids.length === 0) return purged
    await remove(ids)
    await queue.finish(ids)
    purged += ids.length
    if (ids.length < batch) return purged
  }
}
