import type { LeadPhotoStatus } from '~/features/leads/lead-photo-statuses'
import { LEAD_PHOTO_MESSAGES, LEAD_PHOTOS_PATH, MAX_LEAD_PHOTOS } from '~/features/leads/lead-photos'
import { ResultPanel } from '~/components/shared/result-panel'

export const photoButtonClass =
  'min-h-12 rounded-full bg-brand-700 px-6 font-bold text-white shadow hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900 disabled:cursor-not-allowed disabled:opacity-70'

export function PhotoInput({
  id,
  disabled,
  onChange,
}: {
  id: string
  disabled?: boolean
  onChange?: (files: File[]) => void
}) {
  return (
    <>
      <label htmlFor={id} className="font-semibold">
        Add photos of the area (optional)
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        {`Up to ${MAX_LEAD_PHOTOS} photos, 15 MB each. They help us quote without a visit.`}
      </p>
      <input
        id={id}
        name="photos"
        type="file"
        accept="image/*"
        multiple
        required
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={onChange && ((event) => onChange(Array.from(event.currentTarget.files ?? [])))}
        // A grid item is at least as wide as its content, and a file input's is its button plus room for a
        // file name: 365 px, which widened the sent form and the page on a phone. min-w-0 lets it fit the column.
        className="min-h-11 min-w-0 rounded-lg border border-slate-500 p-2 focus-visible:outline-3 focus-visible:outline-brand-700"
      />
    </>
  )
}

/** Works without JavaScript: a plain multipart POST, answered with a redirect to the result page. */
export function LeadPhotoForm({ token }: { token: string }) {
  return (
    <form method="post" encType="multipart/form-data" action={LEAD_PHOTOS_PATH} className="grid gap-2">
      {/* First: the server reads the token before the photos and refuses a bad one there (decision 051). */}
      <input type="hidden" name="token" value={token} />
      <PhotoInput id="lead-photos-plain" />
      <button type="submit" className={photoButtonClass}>
        Send photos
      </button>
    </form>
  )
}

/** What the result page says after the plain form's upload. */
export function LeadPhotoResult({ status }: { status: LeadPhotoStatus }) {
  const added = status === 'added'
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <ResultPanel ok={added} title={added ? 'Photos received' : 'Photos not added'}>
        <p className="mt-2">{LEAD_PHOTO_MESSAGES[status]}</p>
      </ResultPanel>
    </section>
  )
}
