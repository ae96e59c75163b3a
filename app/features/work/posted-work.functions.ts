// The owner's posted work in the inbox (docs/decisions/049-posted-work.md): list, hide or show, delete. The
// upload itself is POST /owner/work (a multipart body, not a server function).
import * as v from 'valibot'
import { db } from '~/platform/db/db.server'
import { files } from '~/platform/files/file-store.server'
import * as postedWork from '~/features/work/posted-work.server'
import { parse } from '~/platform/http/function-input.server'
import { ownerFn, refuse } from '../../platform/http/owner-access.functions'

const workId = v.pipe(v.string(), v.uuid('not a posted job'))

const noSuchJob = () => refuse(404, 'No such posted job')

export const listOwnerWork = ownerFn().handler(async () => postedWork.listOwnerWork(db))

export const setWorkPublished = ownerFn({ method: 'POST' })
  .validator(parse(v.object({ id: workId, published: v.boolean() })))
  .handler(async ({ data }): Promise<{ published: boolean }> => {
    if (!(await postedWork.setWorkPublished(db, data.id, data.published))) noSuchJob()
    return { published: data.published }
  })

export const deleteWork = ownerFn({ method: 'POST' })
  .validator(parse(v.object({ id: workId })))
  .handler(async ({ data }): Promise<{ deleted: true }> => {
    if (!(await postedWork.deleteWork(db, data.id, files()))) noSuchJob()
    return { deleted: true }
  })
