// "Add work to the site": two photos downscaled in the browser, sent with a progress bar, and sent again
// without choosing them again when the connection drops (docs/decisions/049-posted-work.md).
import { useHydrated } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
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
} from '~/features/work/posted-work'
import { newPostId, WORK_PHOTO_MAX_SIDE, WORK_TEXTS, WORK_UPLOAD_TIMEOUT_MS } from '~/features/work/posted-work-form'
import { downscale, sendWithProgress } from '../leads'
import { OwnerField, ownerInputClass } from '~/components/owner/owner-field'
import { shownValue } from '~/components/ui/shown-value'
import { ownerButtonClass } from '~/components/owner/owner-shell'
import { PhotoChoice, WorkPosted } from './owner-work-parts'

type Side = 'before' | 'after'
type Field = Side | 'category' | 'city' | 'caption' | 'alt' | 'consent' | 'form'
/** `dropped`: no answer, or the server could not post just now; the downscaled photos are kept for a retry. */
type Phase = 'editing' | 'preparing' | 'sending' | 'dropped' | 'posted'

export interface WorkPrefill {
  category?: GalleryCategory
  city?: CitySlug
  lead?: string
}

const control = `${ownerInputClass} bg-white`

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
  const hydrated = useHydrated()

  // Until the owner writes his own, the description follows the kind of job and the town.
  const alt = ownAlt ?? (category ? suggestedAlt(category, city || null) : '')
  const busy = phase === 'preparing' || phase === 'sending'

  useEffect(() => {
    // Photos and fields chosen before the scripts ran: React saw no change event for them, and the form shows them.
    const chosen = (side: Side) => inputs[side].current?.files?.[0] ?? null
    setFiles({ before: chosen('before'), after: chosen('after') })
    setCategory(shownValue(fieldId('category'), category))
    setCity(shownValue(fieldId('city'), city))
    setCaption(shownValue(fieldId('caption'), caption))
    // The description the server wrote follows the first kind of job; one that differs is the owner's own.
    const description = shownValue(fieldId('alt'), alt)
    if (description !== alt) setOwnAlt(description)
    setConsent(shownValue(fieldId('consent'), consent))
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
    const timeoutMs = WORK_UPLOAD_TIMEOUT_MS
    const body = await sendWithProgress<PostWorkResponse>(POST_WORK_PATH, form, setProgress, { timeoutMs })
    if (body?.success) return done(body.work)
    if (!body || body.reason === 'failed') {
      setPhase('dropped')
      setError({ field: 'form', message: body ? `${body.error} ${WORK_TEXTS.kept}` : WORK_TEXTS.dropped })
      return
    }
    refuse('form', body.error || POST_WORK_MESSAGES[body.reason])
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
  // A text field's label, value, error, and the edited() its every change calls.
  const fieldProps = (
    field: 'category' | 'city' | 'caption' | 'alt',
    value: string,
    set: (value: string) => void,
    hint?: string,
  ) => ({
    label: WORK_TEXTS[field],
    id: fieldId(field),
    name: field,
    value,
    onChange: (event: ChangeEvent<{ value: string }>) => (set(event.currentTarget.value), edited()),
    className: control,
    ...invalid(field),
    'aria-describedby': describedBy(field, hint),
  })

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
              label={WORK_TEXTS[side]}
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
          <OwnerField
            options={[['', WORK_TEXTS.chooseCategory], ...galleryCategories.map((each) => [each, each] as const)]}
            {...fieldProps('category', category, (value) => setCategory(value as GalleryCategory | ''))}
          />
        </div>
        <div className="grid gap-1">
          <OwnerField
            options={[['', WORK_TEXTS.noCity], ...citySlugs.map((slug) => [slug, cityNames[slug]] as const)]}
            {...fieldProps('city', city, (value) => setCity(value as CitySlug | ''))}
          />
        </div>
        <div className="grid gap-1">
          <OwnerField
            maxLength={MAX_CAPTION_LENGTH}
            autoComplete="off"
            {...fieldProps('caption', caption, setCaption)}
          />
        </div>
        <div className="grid gap-1">
          <OwnerField
            hint={{ id: `${id}-alt-hint`, text: WORK_TEXTS.altHint }}
            rows={2}
            maxLength={MAX_ALT_LENGTH}
            {...fieldProps('alt', alt, setOwnAlt, `${id}-alt-hint`)}
            className={`${control} py-2`}
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
        {phase === 'posted' && posted && <WorkPosted work={posted} />}
      </div>
    </form>
  )
}
