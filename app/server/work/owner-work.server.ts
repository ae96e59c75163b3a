// Posted work's owner side (docs/decisions/049-posted-work.md): the migrations' owner_*_work functions, run as
// the signed-in owner in both modes.
import { postedWorkFile, type OwnerPostedWork } from '~/lib/posted-work'
import type { Backend, SqlCaller } from '../backend/backend.server'
import { toOwnerPostedWork, type PostedWorkRow } from '../backend/posted-work-rows.server'
import { dropStoredPages } from '../http/html-cache.server'
import { FORMATS } from '../images/image-variants.server'
import { log } from '../log/logger.server'

type OwnerCaller = Extract<SqlCaller, { as: 'owner' }>
type Sql = Pick<Backend, 'callSql'>

/** Every variant's file name: each width in each format. */
export function variantNames(imageHash: string, widths: readonly number[]): string[] {
  return widths.flatMap((width) => FORMATS.map((format) => postedWorkFile(imageHash, width, format)))
}

export async function listOwnerWork(sql: Sql, caller: OwnerCaller): Promise<OwnerPostedWork[]> {
  const rows = await sql.callSql<PostedWorkRow[]>('owner_list_work', {}, caller, 'rows')
  return rows.map(toOwnerPostedWork)
}

/** False when there is no such job. */
export async function setWorkPublished(
  sql: Sql,
  caller: OwnerCaller,
  id: string,
  published: boolean,
): Promise<boolean> {
  const found = await sql.callSql<boolean>(
    'owner_set_work_published',
    { p_id: id, p_published: published },
    caller,
    'value',
  )
  if (found) dropStoredPages()
  return found
}

/** False when there is no such job. Its files go unless another post shows the same frame. */
export async function deleteWork(
  backend: Pick<Backend, 'callSql' | 'postedWorkFiles'>,
  caller: OwnerCaller,
  id: string,
): Promise<boolean> {
  const [gone] = await backend.callSql<{ image_hash: string; widths: number[]; still_used: boolean }[]>(
    'owner_delete_work',
    { p_id: id },
    caller,
    'rows',
  )
  if (!gone) return false
  dropStoredPages()
  if (!gone.still_used && backend.postedWorkFiles) {
    const names = variantNames(gone.image_hash, gone.widths.map(Number))
    // The row is gone, so no page links them; a failure here leaves unlinked files, never a broken page.
    await backend.postedWorkFiles
      .remove(names, caller)
      .catch((error: unknown) => log('work').error({ err: error, id }, 'posted work files not removed'))
  }
  log('work').info({ id }, 'the owner deleted posted work')
  return true
}
