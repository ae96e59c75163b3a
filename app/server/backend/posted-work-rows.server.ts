// A posted_work row as both adapters return it (PGlite: Date and number[]; PostgREST: JSON strings), mapped
// once for the public pages and the inbox (docs/decisions/049-posted-work.md).
import type { CitySlug } from '~/content/service-areas'
import type { GalleryCategory } from '~/content/types'
import type { OwnerPostedWork, PostedWork } from '~/lib/posted-work'
import { SITE_CALLER, type Backend } from './backend.server'

export interface PostedWorkRow {
  id: string
  category: string
  city_slug: string | null
  caption: string | null
  alt: string
  image_hash: string
  width: number
  height: number
  widths: number[]
  placeholder: string
  created_at: Date | string
  published?: boolean
  quote_request_id?: string | null
}

/** A row of published_work (or posted_work) as the public pages get it. */
export function toPostedWork(row: PostedWorkRow): PostedWork {
  const created = row.created_at instanceof Date ? row.created_at : new Date(row.created_at)
  return {
    id: String(row.id),
    // The table's CHECKs hold these to the content's lists.
    category: row.category as GalleryCategory,
    citySlug: (row.city_slug as CitySlug | null) ?? null,
    caption: row.caption ?? null,
    alt: row.alt,
    imageHash: row.image_hash,
    width: Number(row.width),
    height: Number(row.height),
    widths: row.widths.map(Number),
    placeholder: row.placeholder,
    createdAt: created.toISOString(),
  }
}

export function toOwnerPostedWork(row: PostedWorkRow): OwnerPostedWork {
  return {
    ...toPostedWork(row),
    published: row.published !== false,
    leadId: row.quote_request_id ? String(row.quote_request_id) : null,
  }
}

/** The newest published jobs, read as the public (the anon role): row level security decides. */
export async function publishedWork(backend: Pick<Backend, 'callSql'>, limit: number): Promise<PostedWork[]> {
  const rows = await backend.callSql<PostedWorkRow[]>('published_work', { p_limit: limit }, SITE_CALLER, 'rows')
  return rows.map(toPostedWork)
}
