// npm test's temporary files go to RAM only where it has room for them (tests/support/scratch.ts, decision 068).
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { scratchInMemory } from '../support/scratch'

const made: string[] = []
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true })
})

it('takes a folder in shared memory with 1 GiB free there, open to all as /tmp is, and none with a byte less', () => {
  const shm = mkdtempSync(join(tmpdir(), 'shm-'))
  made.push(shm)
  const folder = scratchInMemory(shm, () => 1024 ** 3)
  expect(folder && dirname(folder)).toBe(shm)
  expect(statSync(folder!).mode & 0o7777).toBe(0o1777)
  expect(scratchInMemory(shm, () => 1024 ** 3 - 1)).toBeUndefined()
})

it('keeps the disk where there is no shared memory folder', () => {
  expect(scratchInMemory(join(tmpdir(), 'no-such-shm'))).toBeUndefined()
})
