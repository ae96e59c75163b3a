// An unknown image name throws rather than render broken.
import type { CSSProperties, ImgHTMLAttributes } from 'react'
import { preload } from 'react-dom'
import manifestJson from '../../content/image-manifest.json'
import type { ImageName } from '../../content/types'

export interface ImageEntry {
  width: number
  height: number
  hash: string
  widths: number[]
  placeholder: string
}

type ImageFormat = 'avif' | 'webp'

const manifest: Readonly<Record<string, ImageEntry>> = manifestJson

const IMAGE_BASE_URL = '/img/'

const MIME: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp' }

export function getImage(name: ImageName): ImageEntry {
  const entry = Object.prototype.hasOwnProperty.call(manifest, name) ? manifest[name] : undefined
  if (!entry) {
    throw new Error(
      `Unknown image "${name}": there is no images/${name}.jpg (or .jpeg/.png/.webp) in the image manifest. ` +
        'Add the file and run "npm run images".',
    )
  }
  return entry
}

/** A photo in its widths and formats: a sample from the manifest, or a job the owner posted. */
export interface ImageSource extends Omit<ImageEntry, 'hash'> {
  /** The file of one of `widths`. */
  file: (width: number, format: ImageFormat) => string
}

export function manifestImage(name: ImageName): ImageSource {
  const entry = getImage(name)
  const stem = `${IMAGE_BASE_URL}${name.replaceAll('/', '-')}.${entry.hash}`
  return { ...entry, file: (width, format) => `${stem}-${width}.${format}` }
}

const sourceOf = (image: ImageName | ImageSource) => (typeof image === 'string' ? manifestImage(image) : image)

/** Falls back to the largest width: the owner may swap in a smaller photo. */
export function imageUrl(image: ImageName | ImageSource, width: number, format: ImageFormat = 'webp'): string {
  const source = sourceOf(image)
  return source.file(source.widths.find((w) => w >= width) ?? source.widths[source.widths.length - 1]!, format)
}

export function imageSrcSet(image: ImageName | ImageSource, format: ImageFormat): string {
  const source = sourceOf(image)
  return source.widths.map((w) => `${source.file(w, format)} ${w}w`).join(', ')
}

/** Pass the same `sizes` as its <ResponsiveImage>. */
export function imagePreloadLink(
  image: ImageName | ImageSource,
  sizes: string,
  format: ImageFormat = 'avif',
  media?: string,
) {
  return {
    rel: 'preload',
    as: 'image',
    type: MIME[format],
    imageSrcSet: imageSrcSet(image, format),
    imageSizes: sizes,
    fetchPriority: 'high',
    media,
  } as const
}

export interface ResponsiveImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading' | 'alt'
> {
  /** A manifest name, or a posted job's files. */
  name: ImageName | ImageSource
  alt: string
  sizes?: string
  priority?: boolean
  /** With `priority`: where it is in the first view; elsewhere it loads lazily. */
  priorityMedia?: string
  className?: string
  pictureClassName?: string
}

export function ResponsiveImage({
  name,
  alt,
  sizes = '100vw',
  priority = false,
  priorityMedia,
  className,
  pictureClassName,
  style,
  ...rest
}: ResponsiveImageProps) {
  const entry = sourceOf(name)
  const fallbackWidth = entry.widths[Math.floor(entry.widths.length / 2)] ?? entry.width
  const imgStyle: CSSProperties = { backgroundColor: entry.placeholder, ...style }
  if (priority) {
    const { rel: _, ...link } = imagePreloadLink(entry, sizes, 'avif', priorityMedia)
    preload(imageUrl(entry, fallbackWidth, 'avif'), link)
  }
  // Where the preload applies, the lazy <img> finds the photo in memory.
  const eager = priority && !priorityMedia
  return (
    <picture className={pictureClassName} style={pictureClassName ? undefined : { display: 'contents' }}>
      <source type={MIME.avif} srcSet={imageSrcSet(entry, 'avif')} sizes={sizes} />
      <source type={MIME.webp} srcSet={imageSrcSet(entry, 'webp')} sizes={sizes} />
      <img
        {...rest}
        src={imageUrl(entry, fallbackWidth, 'webp')}
        alt={alt}
        width={entry.width}
        height={entry.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding={priority ? undefined : 'async'}
        fetchPriority={eager ? 'high' : rest.fetchPriority}
        // entry-loader.js waits for this photo's paint.
        data-page-photo={priority ? '' : undefined}
        className={className}
        style={imgStyle}
      />
    </picture>
  )
}
