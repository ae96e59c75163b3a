// The featured video of the home page or /services (docs/product.md): one featured row per table.
import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.server'

export type VideoTable = 'pressure_washing_videos' | 'service_videos'

/** A featured row as the pages get it. */
export type FeaturedVideo = NonNullable<Awaited<ReturnType<typeof featuredVideo>>>

/** The featured row, its empty MIME type read as video/mp4 (docs/product.md). */
export async function featuredVideo(db: Db, table: VideoTable) {
  const video = await db
    .selectFrom(table)
    .select((eb) => [
      'id',
      'video_url',
      'is_featured',
      sql<string>`coalesce(nullif(btrim(${eb.ref('mime_type')}), ''), 'video/mp4')`.as('mime_type'),
    ])
    .where('is_featured', '=', true)
    .limit(1)
    .executeTakeFirst()
  return video ?? null
}
