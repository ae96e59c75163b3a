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

export type ImageFormat = 'avif' | 'webp'

/** Checked against the committed manifest at compile time. */
export type KnownImageName = keyof typeof manifestJson

const manifest: Readonly<Record<string, ImageEntry>> = manifestJson

export const IMAGE_BASE_URL = '/img/'

const MIME: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp' }

export function hasImage(name: string): name is KnownImageName {
  return Object.prototype.hasOwnProperty.call(manifest, name)
}

export function getImage(name: ImageName): ImageEntry {
  if (!hasImage(name)) {
    throw new Error(
      `Unknown image "${name}": there is no images/${name}.jpg (or .jpeg/.png/.webp) in the image manifest. ` +
        'Add the file and run "npm run images".',
    )
  }
  return manifest[name] as ImageEntry
}

/** Call at module level to fail when content is loaded. */
export function assertImageNames(names: Iterable<ImageName>): void {
  for (const name of names) getImage(name)
}

/** Falls back to the largest width: the owner may swap in a smaller photo. */
export function imageUrl(name: ImageName, width: number, format: ImageFormat = 'webp'): string {
  const entry = getImage(name)
  const chosen = entry.widths.find((w) => w >= width) ?? entry.widths[entry.widths.length - 1]
  return `${IMAGE_BASE_URL}${name.replaceAll('/', '-')}.${entry.hash}-${chosen}.${format}`
}

export function fullSizeImageUrl(name: ImageName): string {
  return imageUrl(name, getImage(name).width, 'webp')
}

export function imageSrcSet(name: ImageName, format: ImageFormat): string {
  const entry = getImage(name)
  return entry.widths.map((w) => `${imageUrl(name, w, format)} ${w}w`).join(', ')
}

/** Pass the same `sizes` as its <ResponsiveImage>. */
export function imagePreloadLink(name: ImageName, sizes: string, format: ImageFormat = 'avif', media?: string) {
  return {
    rel: 'preload',
    as: 'image',
    type: MIME[format],
    imageSrcSet: imageSrcSet(name, format),
    imageSizes: sizes,
    fetchPriority: 'high',
    media,
  } as const
}

export interface ResponsiveImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading' | 'alt'
> {
  name: ImageName
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
  const entry = getImage(name)
  const fallbackWidth = entry.widths[Math.floor(entry.widths.length / 2)] ?? entry.width
  const imgStyle: CSSProperties = { backgroundColor: entry.placeholder, ...style }
  if (priority) {
    const link = imagePreloadLink(name, sizes, 'avif', priorityMedia)
    preload(imageUrl(name, fallbackWidth, 'avif'), {
      as: 'image',
      type: link.type,
      imageSrcSet: link.imageSrcSet,
      imageSizes: link.imageSizes,
      fetchPriority: link.fetchPriority,
      media: link.media,
    })
  }
  // Where the preload applies, the lazy <img> finds the photo in memory.
  const eager = priority && !priorityMedia
  return (
    <picture className={pictureClassName} style={pictureClassName ? undefined : { display: 'contents' }}>
      <source type={MIME.avif} srcSet={imageSrcSet(name, 'avif')} sizes={sizes} />
      <source type={MIME.webp} srcSet={imageSrcSet(name, 'webp')} sizes={sizes} />
      <img
        {...rest}
        src={imageUrl(name, fallbackWidth, 'webp')}
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
