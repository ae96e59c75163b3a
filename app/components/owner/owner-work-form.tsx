// "Add work to the site": two photos downscaled in the browser, sent with a progress bar, and sent again
// without choosing them again when the connection drops (docs/decisions/049-posted-work.md).
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react'
import * as v from 'valibot'
import { cityNames, citySlugs, type CitySlug } from '~/content/service-areas'
import { galleryCategories, type GalleryCategory } from '~/content/types'
import {
  MAX_ALT_LENGTH,
  MAX_CAPTION_LENGTH,
  MAX_WORK_PHOTO_BYTES,
  POST_WORK_MESSAGES,
  POST_WORK_PATH,
  postWorkFieldsSchema,
  suggestedAlt,
  type OwnerPostedWork,
  type PostWorkResponse,
} from '~/lib/posted-work'
import { WORK_PHOTO_MAX_SIDE, WORK_TEXTS, WORK_UPLOAD_TIMEOUT_MS } from '~/lib/posted-work-form'
import { downscale } from '../photos/photo-downscale'
import { sendWithProgress } from '../photos/photo-send'
import { ownerButtonClass } from './owner-sign-in'

type Side = 'before' | 'after'
type Field = Side | 'category' | 'city' | 'caption' | 'alt' | 'consent' | 'form'
/** `dropped`: no answer, or the server could not post just now; the downscaled photos are kept for a retry. */
type Phase = 'editing' | 'preparing' | 'sending' | 'dropped' | 'refused' | 'posted'

export interface WorkPrefill {
  category?: GalleryCategory
  city?: CitySlug
  lead?: string
}

const control =
  'min-h-11 w-full rounded-lg border border-slate-500 bg-white px-2 focus-visible:outline-3 focus-visible:outline-brand-700 aria-invalid:border-red-700'
const linkClass =
  'inline-flex min-h-11 items-center font-semibold text-brand-800 underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900'

const PREVIEW_SIDE = 320

/** randomUUID needs a secure context; a LAN address over http is not one. */
function newPostId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export function OwnerWorkForm({
  prefill,
  onPosted,
}: {
  prefill: WorkPrefill
  onPosted: (work: OwnerPostedWork) => void
}) {
  const id = useId()
  const fieldId = (field: Field) => `${id}-${field}`
  const errorId = `${id}-error`
  const inputs = { before: useRef<HTMLInputElement>(null), after: useRef<HTMLInputElement>(null) }
  // Fixed until the post succeeds, so a retry of a post the server did store stores it once.
  const postId = useRef<string | null>(null)
  const [files, setFiles] = useState<Record<Side, File | null>>({ before: null, after: null })
  const [prepared, setPrepared] = useState<Record<Side, Blob> | null>(null)
  const [category, setCategory] = useState<GalleryCategory | ''>(prefill.category ?? '')
  const [city, setCity] = useState<CitySlug | ''>(prefill.city ?? '')
  const [leadId, setLeadId] = useState(prefill.lead ?? '')
  const [caption, setCaption] = useState('')
  const [ownAlt, setOwnAlt] = useState<string | null>(null)
  const [consent, setConsent] = useState(false)
  const [phase, setPhase] = useState<Phase>('editing')
  const [progress, setProgress] = useState(0)
  const [error, setError] = useState<{ field: Field; message: string } | null>(null)
  const [posted, setPosted] = useState<OwnerPostedWork | null>(null)
  const [hydrated, setHydrated] = useState(false)

  // Until the owner writes his own, the description follows the kind of job and the town.
  const alt = ownAlt ?? (category ? suggestedAlt(category, city || null) : '')
  const busy = phase === 'preparing' || phase === 'sending'

  useEffect(() => {
    setHydrated(true)
    // Photos chosen before the scripts ran: React saw no change event for them.
    const chosen = (side: Side) => inputs[side].current?.files?.[0] ?? null
    setFiles({ before: chosen('before'), after: chosen('after') })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // A dropped post keeps its message and its "Try again" until it goes through.
  function edited() {
    if (phase === 'dropped') return
    if (phase !== 'editing') setPhase('editing')
    setError(null)
  }

  function choose(side: Side, file: File | null) {
    setFiles((was) => ({ ...was, [side]: file }))
    setPrepared(null)
    edited()
    if (file && file.size > MAX_WORK_PHOTO_BYTES) setError({ field: side, message: WORK_TEXTS.tooLarge(side) })
  }

  function refuse(field: Field, message: string) {
    setError({ field, message })
    setPhase('editing')
    if (field !== 'form') document.getElementById(fieldId(field))?.focus()
  }

  /** The fields as the server checks them, or null after showing the first problem. */
  function checked() {
    for (const side of ['before', 'after'] as const) {
      const file = files[side]
      if (!file) return void refuse(side, WORK_TEXTS.missingPhoto(side))
      if (file.size > MAX_WORK_PHOTO_BYTES) return void refuse(side, WORK_TEXTS.tooLarge(side))
    }
    const result = v.safeParse(postWorkFieldsSchema, {
      id: (postId.current ??= newPostId()),
      category,
      city,
      caption,
      alt,
      consent: consent ? 'yes' : '',
      leadId,
    })
    if (result.success) return result.output
    const issue = result.issues[0]
    const key = issue.path?.[0]?.key
    refuse(key === 'id' || key === 'leadId' || typeof key !== 'string' ? 'form' : (key as Field), issue.message)
    return null
  }

  async function send() {
    const fields = checked()
    const { before, after } = files
    if (!fields || !before || !after) return
    setError(null)
    let photos = prepared
    if (!photos) {
      setPhase('preparing')
      try {
        const [small, large] = await Promise.all([
          downscale(before, WORK_PHOTO_MAX_SIDE),
          downscale(after, WORK_PHOTO_MAX_SIDE),
        ])
        photos = { before: small, after: large }
      } catch {
        // Out of memory on a small phone, say: the server downscales the originals itself.
        photos = { before, after }
      }
      setPrepared(photos)
    }
    setPhase('sending')
    setProgress(0)
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value)
    for (const side of ['before', 'after'] as const) {
      const photo = photos[side]
      form.set(side, photo, photo instanceof File ? photo.name : `${side}.jpg`)
    }
    const answer = await sendWithProgress<PostWorkResponse>(POST_WORK_PATH, form, setProgress, WORK_UPLOAD_TIMEOUT_MS)
    const body = answer?.body && 'success' in answer.body ? answer.body : null
    if (body?.success) return done(body.work)
    if (!body || body.reason === 'failed') {
      setPhase('dropped')
      setError({ field: 'form', message: body ? `${body.error} ${WORK_TEXTS.kept}` : WORK_TEXTS.dropped })
      return
    }
    setPhase('refused')
    setError({ field: 'form', message: body.error || POST_WORK_MESSAGES[body.reason] })
  }

  function done(work: OwnerPostedWork) {
    onPosted(work)
    setPosted(work)
    setPhase('posted')
    postId.current = null
    for (const side of ['before', 'after'] as const) if (inputs[side].current) inputs[side].current.value = ''
    setFiles({ before: null, after: null })
    setPrepared(null)
    setCategory('')
    setCity('')
    setLeadId('')
    setCaption('')
    setOwnAlt(null)
    setConsent(false)
  }

  // Back online: the kept photos go again by themselves.
  const latestSend = useRef(send)
  latestSend.current = send
  useEffect(() => {
    if (phase !== 'dropped') return
    const retry = () => void latestSend.current()
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [phase])

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!busy) void send()
  }

  const invalid = (field: Field) => (error?.field === field ? { 'aria-invalid': true } : {})
  const describedBy = (field: Field, hint?: string) =>
    [hint, error?.field === field ? errorId : undefined].filter(Boolean).join(' ') || undefined

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} className="mt-6 grid gap-4">
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        {WORK_TEXTS.heading}
      </h2>
      <p id={`${id}-privacy`} className="rounded-lg bg-amber-50 p-3 text-amber-950">
        {WORK_TEXTS.privacy}
      </p>
      <fieldset disabled={busy} className="grid gap-4">
        <div className="grid grid-cols-2 gap-3">
          {(['before', 'after'] as const).map((side) => (
            <PhotoChoice
              key={side}
              id={fieldId(side)}
              label={side === 'before' ? WORK_TEXTS.before : WORK_TEXTS.after}
              file={files[side]}
              input={inputs[side]}
              invalid={invalid(side)}
              describedBy={describedBy(side, `${id}-photo-hint`)}
              onChoose={(file) => choose(side, file)}
            />
          ))}
          <p id={`${id}-photo-hint`} className="col-span-2 text-sm text-slate-700">
            {WORK_TEXTS.photoHint}
          </p>
        </div>
        <div className="grid gap-1">
          <label htmlFor={fieldId('category')} className="font-semibold">
            {WORK_TEXTS.category}
          </label>
          <select
            id={fieldId('category')}
            name="category"
            value={category}
            onChange={(event) => (setCategory(event.currentTarget.value as GalleryCategory | ''), edited())}
            className={control}
            {...invalid('category')}
            aria-describedby={describedBy('category')}
          >
            <option value="">{WORK_TEXTS.chooseCategory}</option>
            {galleryCategories.map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={fieldId('city')} className="font-semibold">
            {WORK_TEXTS.city}
          </label>
          <select
            id={fieldId('city')}
            name="city"
            value={city}
            onChange={(event) => (setCity(event.currentTarget.value as CitySlug | ''), edited())}
            className={control}
            {...invalid('city')}
            aria-describedby={describedBy('city')}
          >
            <option value="">{WORK_TEXTS.noCity}</option>
            {citySlugs.map((slug) => (
              <option key={slug} value={slug}>
                {cityNames[slug]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={fieldId('caption')} className="font-semibold">
            {WORK_TEXTS.caption}
          </label>
          <input
            id={fieldId('caption')}
            name="caption"
            value={caption}
            maxLength={MAX_CAPTION_LENGTH}
            autoComplete="off"
            onChange={(event) => (setCaption(event.currentTarget.value), edited())}
            className={control}
            {...invalid('caption')}
            aria-describedby={describedBy('caption')}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={fieldId('alt')} className="font-semibold">
            {WORK_TEXTS.alt}
          </label>
          <p id={`${id}-alt-hint`} className="text-sm text-slate-700">
            {WORK_TEXTS.altHint}
          </p>
          <textarea
            id={fieldId('alt')}
            name="alt"
            value={alt}
            rows={2}
            maxLength={MAX_ALT_LENGTH}
            onChange={(event) => (setOwnAlt(event.currentTarget.value), edited())}
            className={`${control} py-2`}
            {...invalid('alt')}
            aria-describedby={describedBy('alt', `${id}-alt-hint`)}
          />
        </div>
        <label htmlFor={fieldId('consent')} className="flex min-h-11 items-start gap-3 py-1 font-semibold">
          <input
            id={fieldId('consent')}
            name="consent"
            type="checkbox"
            checked={consent}
            onChange={(event) => (setConsent(event.currentTarget.checked), edited())}
            className="mt-0.5 size-6 shrink-0 accent-brand-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900"
            {...invalid('consent')}
            aria-describedby={describedBy('consent', `${id}-privacy`)}
          />
          {WORK_TEXTS.consent}
        </label>
      </fieldset>
      {/* Not disabled while sending: the focus stays on it, and submit() ignores a second press. */}
      <button type="submit" disabled={!hydrated} aria-disabled={busy || undefined} className={ownerButtonClass}>
        {phase === 'dropped' ? WORK_TEXTS.retry : WORK_TEXTS.post}
      </button>
      {busy && (
        <progress
          aria-label={phase === 'preparing' ? WORK_TEXTS.preparing : 'Sending photos'}
          value={phase === 'sending' ? progress : undefined}
          max={1}
          className="h-3 w-full"
        />
      )}
      <p role="status" aria-live="polite" className="empty:sr-only">
        {phase === 'preparing'
          ? WORK_TEXTS.preparing
          : phase === 'sending'
            ? WORK_TEXTS.sending(Math.round(progress * 100))
            : ''}
      </p>
      <p id={errorId} role="alert" className="font-semibold text-red-800 empty:sr-only">
        {error?.message}
      </p>
      <div role="status" className="empty:sr-only">
        {phase === 'posted' && posted && (
          <div className="rounded-lg bg-emerald-50 p-3 text-emerald-900">
            <p className="font-bold">{WORK_TEXTS.posted}</p>
            <p className="flex flex-wrap gap-x-4">
              <Link to="/gallery" className={linkClass}>
                {WORK_TEXTS.seeGallery}
              </Link>
              {posted.citySlug && (
                <Link to="/city/$citySlug" params={{ citySlug: posted.citySlug }} className={linkClass}>
                  {WORK_TEXTS.seeCity(posted.citySlug)}
                </Link>
              )}
            </p>
          </div>
        )}
      </div>
    </form>
  )
}

function PhotoChoice({
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
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <input
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
