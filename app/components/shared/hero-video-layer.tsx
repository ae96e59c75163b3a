import { use, useEffect, useRef, useState } from 'react'
import { Pause, Play } from 'lucide-react'
import type { FeaturedVideo } from '~/features/reviews/backend.functions'
import { useMediaQuery } from '../ui/use-media-query'

function prefersSavedData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection
  return connection?.saveData === true
}

/** Rendered after hydration only. */
export default function HeroVideoLayer({
  video: answer,
}: {
  video: FeaturedVideo | null | Promise<FeaturedVideo | null>
}) {
  const video = answer instanceof Promise ? use(answer) : answer
  return video ? <VideoLayer video={video} /> : null
}

function VideoLayer({ video }: { video: FeaturedVideo }) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)')
  const videoRef = useRef<HTMLVideoElement>(null)
  const [playing, setPlaying] = useState(false)
  const [failed, setFailed] = useState(false)
  const autoPlay = !failed && !reducedMotion && !prefersSavedData()

  useEffect(() => {
    const element = videoRef.current
    if (!element || !autoPlay) return
    // Autoplay needs `muted` before play(); React sets it as a property only.
    element.muted = true
    element.play().catch(() => setPlaying(false))
  }, [autoPlay, video.video_url])

  function togglePlayback() {
    const element = videoRef.current
    if (!element) return
    if (element.paused) {
      if (element.ended) element.currentTime = 0
      element.muted = true
      element.play().catch(() => setPlaying(false))
    } else {
      element.pause()
    }
  }

  if (failed) return null
  return (
    <>
      <video
        ref={videoRef}
        key={video.video_url}
        className="absolute inset-0 -z-20 size-full object-cover"
        muted
        playsInline
        preload={autoPlay ? 'auto' : 'metadata'}
        aria-hidden="true"
        tabIndex={-1}
        disablePictureInPicture
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onError={() => setFailed(true)}
        data-testid="hero-video"
      >
        <source src={video.video_url} type={video.mime_type || 'video/mp4'} onError={() => setFailed(true)} />
      </video>
      <div className="absolute inset-0 -z-10 bg-slate-950/65" aria-hidden="true" />
      <button
        type="button"
        onClick={togglePlayback}
        className="absolute right-4 bottom-4 z-10 inline-flex size-11 items-center justify-center rounded-full bg-slate-950/70 text-white ring-1 ring-white/30 hover:bg-slate-950/90"
        aria-label={playing ? 'Pause background video' : 'Play background video'}
      >
        {playing ? <Pause className="size-5" aria-hidden="true" /> : <Play className="size-5" aria-hidden="true" />}
      </button>
    </>
  )
}
