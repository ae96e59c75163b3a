// A posted_work row as both adapters return it: PGlite gives Date and number[], PostgREST JSON strings.
import type { PostedWork } from '~/lib/posted-work'
import { SITE_CALLER, type Backend } from './backend.server'

export interface PostedWorkRow {
  id: string
  category: PostedWork['category']
  city_slug: PostedWork['citySlug']
  caption: string | null
  alt: string
  image_hash: string
  width: number
  height: number
  widths: number[]
  placeholder: string
  created_at: string | Date
}

export function postedWorkOfRow(row: PostedWorkRow): PostedWork {
  return {
    id: row.id,
    category: row.category,
    citySlug: row.city_slug,
    caption: row.caption,
    alt: row.alt,
    imageHash: row.image_hash,
    width: row.width,
    height: row.height,
    widths: row.widths.map(Number),
    placeholder: row.placeholder,
    createdAt: new Date(row.created_at).toISOString(),
  }
}

/** The newest published jobs, read as the public (the anon role): row level security decides. */
export async function publishedWork(backend: Pick<Backend, 'callSql'>, limit: number): Promise<PostedWork[]> {
  const rows = await backend.callSql<PostedWorkRow[]>('published_work', { p_limit: limit }, SITE_CALLER, 'rows')
  return rows.map(postedWorkOfRow)
}
