// Parts of "Add work to the site": one photo's native file input (camera or library) with a small preview,
// and the message once a job is posted.
import { Link } from '@tanstack/react-router'
import { useEffect, useState, type RefObject } from 'react'
import type { OwnerPostedWork } from '~/features/work/posted-work'
import { WORK_TEXTS } from '~/features/work/posted-work-form'
import { downscale } from '../leads'
import { OwnerField } from '~/components/owner/owner-field'

const linkClass =
  'inline-flex min-h-11 items-center font-semibold text-brand-800 underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900'

const PREVIEW_SIDE = 320

export function PhotoChoice({
  id,
  label,
  file,
  input,
  invalid,
  describedBy,
  onChoose,
}: {
  id: string
  label: string
  file: File | null
  input: RefObject<HTMLInputElement | null>
  invalid: object
  describedBy?: string
  onChoose: (file: File | null) => void
}) {
  const [preview, setPreview] = useState<string | null>(null)
  // A small data: URL (the pages' CSP allows no blob: images); none for a photo this browser cannot decode.
  useEffect(() => {
    setPreview(null)
    if (!file) return
    let current = true
    void downscale(file, PREVIEW_SIDE).then((small) => {
      if (small === file) return
      const reader = new FileReader()
      reader.onload = () => current && typeof reader.result === 'string' && setPreview(reader.result)
      reader.readAsDataURL(small)
    })
    return () => {
      current = false
    }
  }, [file])
  return (
    <div className="grid content-start gap-1">
      <OwnerField
        label={label}
        ref={input}
        id={id}
        name={id}
        type="file"
        accept="image/*"
        onChange={(event) => onChoose(event.currentTarget.files?.[0] ?? null)}
        className="min-h-11 w-full min-w-0 rounded-lg border border-slate-500 p-2 text-sm file:mr-2 file:min-h-9 file:rounded file:border-0 file:bg-slate-200 file:px-2 focus-visible:outline-3 focus-visible:outline-brand-700 aria-invalid:border-red-700"
        {...invalid}
        aria-describedby={describedBy}
      />
      {preview && (
        <img src={preview} alt={`${label}, as chosen`} className="aspect-4/3 w-full rounded-lg object-cover" />
      )}
    </div>
  )
}

export function WorkPosted({ work }: { work: OwnerPostedWork }) {
  return (
    <div className="rounded-lg bg-emerald-50 p-3 text-emerald-900">
      <p className="font-bold">{WORK_TEXTS.posted}</p>
      <p className="flex flex-wrap gap-x-4">
        <Link to="/gallery" className={linkClass}>
          {WORK_TEXTS.seeGallery}
        </Link>
        {work.citySlug && (
          <Link to="/city/$citySlug" params={{ citySlug: work.citySlug }} className={linkClass}>
            {WORK_TEXTS.seeCity(work.citySlug)}
          </Link>
        )}
      </p>
    </div>
  )
}
