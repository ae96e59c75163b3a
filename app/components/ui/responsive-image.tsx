/**
 * Responsive images from the build-time pipeline (scripts/build-images.mjs, app/content/image-manifest.json):
 * <picture> markup, srcsets and preloads by image name. An unknown name throws rather than render a broken image.
 */
import type { CSSProperties, ImgHTMLAttributes } from 'react'
import { preload } from 'react-dom'
import manifestJson from '../../content/image-manifest.json'
import type { ImageName } from '../../content/types'

export interface ImageEntry {
  /** Intrinsic width of the source, after EXIF orientation. */
  width: number
  height: number
  /** 8 hex characters of the content hash; part of every output file name. */
  hash: string
  /** Widths emitted for this image, ascending. */
  widths: number[]
  /** Dominant colour, shown while the image loads. */
  placeholder: string
}

export type ImageFormat = 'avif' | 'webp'

/** Names present in the committed manifest (a narrower, compile-time checked alternative to `ImageName`). */
export type KnownImageName = keyof typeof manifestJson

const manifest: Readonly<Record<string, ImageEntry>> = manifestJson

/** Public URL prefix of the pipeline's output (public/img/). */
export const IMAGE_BASE_URL = '/img/'

const MIME: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp' }

export function hasImage(name: string): name is KnownImageName {
  return Object.prototype.hasOwnProperty.call(manifest, name)
}

/** The manifest entry for `name`; throws if the pipeline has no such image. */
export function getImage(name: ImageName): ImageEntry {
  if (!hasImage(name)) {
    throw new Error(
      `Unknown image "${name}": there is no images/${name}.jpg (or .jpeg/.png/.webp) in the image manifest. ` +
        'Add the file and run "node scripts/build-images.mjs".',
    )
  }
  return manifest[name] as ImageEntry
}

/** Throws on the first name missing from the manifest: call at module level to fail when content is loaded. */
export function assertImageNames(names: Iterable<ImageName>): void {
  for (const name of names) getImage(name)
}

/**
 * URL of one rendition. `width` picks the smallest available width that is at least `width` (or the largest),
 * so callers keep working when the owner swaps in a photo smaller than the one it replaces.
 */
export function imageUrl(name: ImageName, width: number, format: ImageFormat = 'webp'): string {
  const entry = getImage(name)
  const chosen = entry.widths.find((w) => w >= width) ?? entry.widths[entry.widths.length - 1]
  return `${IMAGE_BASE_URL}${name.replaceAll('/', '-')}.${entry.hash}-${chosen}.${format}`
}

/** "url 320w, url 640w, …" for a <source srcSet> or <link rel="preload" imageSrcSet>. */
export function imageSrcSet(name: ImageName, format: ImageFormat): string {
  const entry = getImage(name)
  return entry.widths.map((w) => `${imageUrl(name, w, format)} ${w}w`).join(', ')
}

/**
 * A `<link rel="preload">` descriptor for a route's `head().links`, for the LCP image (e.g. the hero).
 * Preloads the AVIF set; the `type` attribute makes browsers without AVIF support skip it.
 * Pass the same `sizes` as the <ResponsiveImage> it is for.
 */
export function imagePreloadLink(name: ImageName, sizes: string, format: ImageFormat = 'avif') {
  return {
    rel: 'preload',
    as: 'image',
    type: MIME[format],
    imageSrcSet: imageSrcSet(name, format),
    imageSizes: sizes,
    fetchPriority: 'high',
  } as const
}

export interface ResponsiveImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading' | 'alt'
> {
  /** Image name: path under images/ without extension, e.g. "gallery/driveway-01". */
  name: ImageName
  /** Required: describe the picture, or pass "" for a purely decorative image. */
  alt: string
  /** Rendered width of the image at each breakpoint; defaults to the full viewport width. */
  sizes?: string
  /** For the LCP image: eager loading and high fetch priority instead of lazy loading. */
  priority?: boolean
  /** Classes for the <img> (sizing, object-fit…). */
  className?: string
  /**
   * Classes for the <picture> wrapper. Without them the wrapper uses `display: contents`, so the <img> lays out
   * as if it were the direct child of the parent (grid/flex items, absolutely positioned backgrounds).
   */
  pictureClassName?: string
}

/** The Element Timing name of the high-priority photo. */
const LCP_ELEMENT_TIMING = 'page-photo'

/**
 * `<picture>` with AVIF and WebP sources and a WebP `<img>` fallback carrying the intrinsic width/height
 * (no layout shift with `height: auto` or an aspect-ratio box) and a placeholder background colour.
 */
export function ResponsiveImage({
  name,
  alt,
  sizes = '100vw',
  priority = false,
  className,
  pictureClassName,
  style,
  ...rest
}: ResponsiveImageProps) {
  const entry = getImage(name)
  const fallbackWidth = entry.widths[Math.floor(entry.widths.length / 2)] ?? entry.width
  const imgStyle: CSSProperties = { backgroundColor: entry.placeholder, ...style }
  if (priority) {
    // The LCP image: React puts this preload in the <head>, so the fetch starts before the body is parsed.
    const link = imagePreloadLink(name, sizes)
    preload(imageUrl(name, fallbackWidth, 'avif'), {
      as: 'image',
      type: link.type,
      imageSrcSet: link.imageSrcSet,
      imageSizes: link.imageSizes,
      fetchPriority: link.fetchPriority,
    })
  }
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
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? undefined : 'async'}
        fetchPriority={priority ? 'high' : rest.fetchPriority}
        // Element Timing: the page's JavaScript waits for this photo's paint (see document-assets.tsx).
        {...(priority ? { elementtiming: LCP_ELEMENT_TIMING } : {})}
        className={className}
        style={imgStyle}
      />
    </picture>
  )
}
