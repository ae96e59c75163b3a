import { randomUUID } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { JOURNAL_CLEAR_BYTES, openSentJournal } from '~/platform/outbox/journal.server'

const journalPath = () => join(mkdtempSync(join(tmpdir(), 'journal-')), 'outbox-sent.log')

describe('the outbox sent journal', () => {
  it('keeps a short journal when cleared, so a burst does not truncate once per batch', async () => {
    const path = journalPath()
    const journal = openSentJournal(path)
    const ids = [randomUUID(), randomUUID()]
    for (const id of ids) await journal.append(id)
    journal.clear()
    expect(journal.read()).toEqual(ids)
    journal.close()
  })

  it('empties the journal once it has grown past its limit', async () => {
    const path = journalPath()
    const lines = Array.from({ length: Math.ceil(JOURNAL_CLEAR_BYTES / 37) }, () => `${randomUUID()}\n`)
    writeFileSync(path, lines.join(''))
    const journal = openSentJournal(path)
    journal.clear()
    expect(journal.read()).toEqual([])
    const next = randomUUID()
    await journal.append(next)
    expect(journal.read()).toEqual([next])
    journal.close()
  })
})
