import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { runtimeConfig } from '../config.server'

export function unsavedLeadsDir(): string {
  return resolve(process.cwd(), runtimeConfig().dataDir, 'unsaved-leads')
}

export async function writeUnsavedLead(record: Record<string, unknown>, folder = unsavedLeadsDir()): Promise<string> {
  await mkdir(folder, { recursive: true, mode: 0o700 })
  const at = new Date().toISOString().replace(/[:.]/g, '-')
  const file = join(folder, `${at}-${randomUUID()}.json`)
  // The visitor's details are for the owner only.
  await writeFile(file, `${JSON.stringify(record, null, 2)}\n`, { flag: 'wx', mode: 0o600 })
  return file
}
