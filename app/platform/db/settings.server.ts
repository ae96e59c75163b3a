// The app_settings table: one text per key, for the owner's own texts and the server's secrets.
import { sql } from 'kysely'
import { randomBytes } from 'node:crypto'
import { runtimeConfig } from '../config.server'
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

const salts = new WeakMap<Db, Promise<string>>()

/**
 * The salt of visitors' hashed addresses and the tokens' key: IP_HASH_SALT, else one kept in the database, so every
 * instance on it reads the same. Asked once per database handle; a failed read is asked again.
 */
export function ipHashSalt(db: Db, configured = runtimeConfig().quote.ipHashSalt): Promise<string> {
  if (configured) return Promise.resolve(configured)
  let salt = salts.get(db)
  if (!salt) {
    salt = keptSetting(db, 'ip_hash_salt', randomBytes(32).toString('hex'))
    salts.set(db, salt)
    salt.catch(() => salts.get(db) === salt && salts.delete(db))
  }
  return salt
}
