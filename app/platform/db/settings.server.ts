// The app_settings table: one text per key, for the owner's own texts and the server's secrets.
import { sql } from 'kysely'
import type { Db } from './database.server'

type SettingKey = 'quote_terms' | 'price_rule' | 'payment_other_ways' | 'calendar_feed_secret' | 'ip_hash_salt'

export async function readSetting(db: Db, key: SettingKey): Promise<string | null> {
  return (await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst())?.value ?? null
}

/** Empty removes it. */
export async function writeSetting(db: Db, key: SettingKey, value: string): Promise<void> {
  if (!value) await db.deleteFrom('app_settings').where('key', '=', key).execute()
  else
    await db
      .insertInto('app_settings')
      .values({ key, value })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at: sql`now()` }))
      .execute()
}

/** The value already kept, else `fresh`: the first instance's write wins and every other reads it. */
export async function keptSetting(db: Db, key: SettingKey, fresh: string): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ key, value: fresh })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute()
  return (await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow()).value
}
