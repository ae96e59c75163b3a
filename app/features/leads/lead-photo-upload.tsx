// Photos after the lead is stored (docs/decisions/044-lead-photos.md). Loaded with import() once the quote
// succeeded, never in a page's first-load JavaScript; LeadPhotoForm is the same thing without JavaScript.
import { useId, useState } from 'react'
import {
  LEAD_PHOTO_MESSAGES,
  LEAD_PHOTOS_PATH,
  MAX_LEAD_PHOTOS,
  MAX_PHOTO_BYTES,
  PHOTO_MAX_SIDE,
  type LeadPhotoResponse,
} from '~/features/leads/lead-photos'
import { PHOTO_TOKEN_HEADER } from '~/features/leads/photo-token-header'
import { downscale } from './photo-downscale'
import { sendWithProgress } from './photo-send'
import { PhotoInput, photoButtonClass } from './lead-photo-form'

/** `closed`: nothing more to send (sent, or the token is spent or expired). */
type Phase = 'choosing' | 'preparing' | 'sending' | 'closed' | 'failed'

const failed = { success: false, reason: 'failed', error: LEAD_PHOTO_MESSAGES.failed } as const

export default function LeadPhotoUpload({ token }: { token: string }) {
  const id = useId()
  const [files, setFiles] = useState<File[]>([])
  const [prepared, setPrepared] = useState<Blob[] | null>(null)
  const [phase, setPhase] = useState<Phase>('choosing')
  const [progress, setProgress] = useState(0)
  const [message, setMessage] = useState('')

  function choose(chosen: File[]) {
    setPrepared(null)
    setPhase('choosing')
    const tooLarge = chosen.find((file) => file.size > MAX_PHOTO_BYTES)
    if (chosen.length > MAX_LEAD_PHOTOS) setMessage(LEAD_PHOTO_MESSAGES['too-many'])
    else if (tooLarge) setMessage(`${tooLarge.name}: ${LEAD_PHOTO_MESSAGES['too-large']}`)
    else return void (setFiles(chosen), setMessage(chosen.length ? `${chosen.length} chosen.` : ''))
    setFiles([])
  }

  async function upload() {
    setProgress(0)
    setMessage('')
    let blobs = prepared
    if (!blobs) {
      setPhase('preparing')
      blobs = await Promise.all(files.map((file) => downscale(file, PHOTO_MAX_SIDE)))
      // Kept, so a retry sends the same photos without choosing them again.
      setPrepared(blobs)
    }
    setPhase('sending')
    const form = new FormData()
    blobs.forEach((blob, i) => form.append('photos', blob, files[i]?.name ?? `photo-${i + 1}.jpg`))
    // The token in a header: the server refuses a spent one before it reads the photos (decision 051).
    const headers = { [PHOTO_TOKEN_HEADER]: token }
    const answer =
      (await sendWithProgress<LeadPhotoResponse>(LEAD_PHOTOS_PATH, form, setProgress, { headers })) ?? failed
    if (answer.success) {
      setPhase('closed')
      setMessage(`${answer.added === 1 ? '1 photo' : `${answer.added} photos`} added. ${LEAD_PHOTO_MESSAGES.added}`)
    } else {
      // A spent or expired token or a full lead: trying again cannot help.
      setPhase(answer.reason === 'token' || answer.reason === 'too-many' ? 'closed' : 'failed')
      setMessage(answer.error)
    }
  }

  const busy = phase === 'preparing' || phase === 'sending'
  return (
    <div className="mt-6 grid gap-2 text-left">
      {phase !== 'closed' && <PhotoInput id={id} disabled={busy} onChange={choose} />}
      {phase !== 'closed' && (
        <button
          type="button"
          onClick={() => void upload()}
          disabled={busy || files.length === 0}
          className={photoButtonClass}
        >
          {phase === 'failed' ? 'Try again' : 'Send photos'}
        </button>
      )}
      {busy && (
        <progress
          aria-label={phase === 'preparing' ? 'Preparing photos' : 'Sending photos'}
          value={phase === 'sending' ? progress : undefined}
          max={1}
          className="w-full"
        />
      )}
      <p role="status" aria-live="polite" className="empty:hidden">
        {busy ? (phase === 'preparing' ? 'Preparing photos…' : `Sending… ${Math.round(progress * 100)}%`) : message}
      </p>
    </div>
  )
}
