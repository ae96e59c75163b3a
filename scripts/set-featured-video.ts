// Sets (or with --clear removes) the featured video of the home page, or of /services with --services,
// in the embedded database in DATA_DIR: `npx tsx scripts/set-featured-video.ts <url> [mime] [--services]`.
// Run it with the site stopped: the database has one writer at a time. With Supabase, edit the tables there.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import lockfile from 'proper-lockfile'

const args = process.argv.slice(2)
const flags = new Set(args.filter((a) => a.startsWith('--')))
const positional = args.filter((a) => !a.startsWith('--'))
const table = flags.has('--services') ? 'service_videos' : 'pressure_washing_videos'
const clear = flags.has('--clear')
const unknown = [...flags].filter((f) => f !== '--services' && f !== '--clear' && f !== '--help')

function usage(code: number): never {
  console.log('Usage: npx tsx scripts/set-featured-video.ts <url> [mime] [--services]')
  console.log('       npx tsx scripts/set-featured-video.ts --clear [--services]')
  process.exit(code)
}

if (flags.has('--help')) usage(0)
if (unknown.length) {
  console.error(`Unknown option: ${unknown.join(' ')}`)
  usage(2)
}
if (!clear && positional.length < 1) usage(2)

const [url = '', mime] = positional
if (!clear) {
  if (!/^https?:\/\/\S+$/i.test(url) && !/^\/\S*$/.test(url)) {
    console.error(`Not a video address: ${url} (use https://… or a /path under public/)`)
    process.exit(2)
  }
  if (mime !== undefined && !/^video\/[A-Za-z0-9.+-]+$/.test(mime)) {
    console.error(`Not a video type: ${mime} (e.g. video/mp4, video/webm)`)
    process.exit(2)
  }
}

const dataDir = resolve(process.cwd(), process.env.DATA_DIR?.trim() || '.data')
const pgDir = join(dataDir, 'pglite')
const lockPath = join(dataDir, 'pglite.lock')

if (!existsSync(join(pgDir, 'PG_VERSION'))) {
  console.error(
    `No database in ${pgDir}. Start the site once (npm run dev or npm start) so it creates it, stop it, then run this again.`,
  )
  process.exit(1)
}

// The site's own lock (app/server/backend/embedded-database.server.ts): never a second writer.
async function acquireLock() {
  try {
    return await lockfile.lock(dataDir, { lockfilePath: lockPath, realpath: false, stale: 10_000 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error
    console.error(`The database in ${dataDir} is in use by process holding ${lockPath} (the site?). Stop it first.`)
    process.exit(1)
  }
}

const releaseLock = await acquireLock()
let db: PGlite | undefined
try {
  db = await PGlite.create(pgDir)
  const migrated = await db.query<{ t: string | null }>(`SELECT to_regclass('public.${table}')::text AS t`)
  if (!migrated.rows[0]?.t)
    throw new Error(`Table ${table} does not exist yet. Start the site once so the migrations run.`)
  await db.transaction(async (tx) => {
    await tx.query(`UPDATE public.${table} SET is_featured = false WHERE is_featured`)
    if (!clear)
      await tx.query(`INSERT INTO public.${table} (video_url, mime_type, is_featured) VALUES ($1, $2, true)`, [
        url,
        mime ?? 'video/mp4',
      ])
  })
  console.log(
    clear
      ? `Cleared the featured video of ${table}.`
      : `Featured video of ${table} is now ${url} (${mime ?? 'video/mp4'}). Restart the site to show it.`,
  )
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await db?.close()
  await releaseLock()
}
