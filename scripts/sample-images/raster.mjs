// Float RGB images and the operations on them, with sharp for SVG rasterising.
import sharp from 'sharp'
import { clamp01, hash01 } from './random.mjs'

export function newImage(w, h, rgb = [0, 0, 0]) {
  const data = new Float32Array(w * h * 3)
  for (let i = 0; i < w * h; i++) {
    data[i * 3] = rgb[0]
    data[i * 3 + 1] = rgb[1]
    data[i * 3 + 2] = rgb[2]
  }
  return { w, h, data }
}

export const cloneImage = (img) => ({ w: img.w, h: img.h, data: new Float32Array(img.data) })

/**
 * A scalar field evaluated on a coarse grid (every `step` px) and bilinearly upsampled: cheap for smooth noise.
 */
export function field(w, h, step, fn) {
  const out = new Float32Array(w * h)
  if (step <= 1) {
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = fn(x, y)
    return out
  }
  const gw = Math.ceil(w / step) + 2
  const gh = Math.ceil(h / step) + 2
  const grid = new Float32Array(gw * gh)
  for (let j = 0; j < gh; j++) for (let i = 0; i < gw; i++) grid[j * gw + i] = fn(i * step, j * step)
  for (let y = 0; y < h; y++) {
    const gy = y / step
    const j = Math.floor(gy)
    const fy = gy - j
    for (let x = 0; x < w; x++) {
      const gxp = x / step
      const i = Math.floor(gxp)
      const fx = gxp - i
      const a = grid[j * gw + i]
      const b = grid[j * gw + i + 1]
      const c = grid[(j + 1) * gw + i]
      const d = grid[(j + 1) * gw + i + 1]
      out[y * w + x] = (a + (b - a) * fx) * (1 - fy) + (c + (d - c) * fx) * fy
    }
  }
  return out
}

export async function svgToImage(svg, w, h) {
  const { data } = await sharp(Buffer.from(svg), { density: 72 })
    .resize(w, h, { fit: 'fill' })
    .flatten({ background: '#000000' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const out = new Float32Array(w * h * 3)
  for (let i = 0; i < out.length; i++) out[i] = data[i]
  return { w, h, data: out }
}

/** Renders an SVG as a 0..1 mask (its luminance), optionally blurred. */
export async function svgToMask(svg, w, h, blur = 0) {
  let pipeline = sharp(Buffer.from(svg), { density: 72 })
    .resize(w, h, { fit: 'fill' })
    .flatten({ background: '#000000' })
  if (blur > 0.3) pipeline = pipeline.blur(blur)
  const { data } = await pipeline.greyscale().raw().toBuffer({ resolveWithObject: true })
  const out = new Float32Array(w * h)
  const channels = data.length / (w * h)
  for (let i = 0; i < w * h; i++) out[i] = data[i * channels] / 255
  return out
}

export async function blurMask(mask, w, h, sigma) {
  const bytes = Buffer.alloc(w * h)
  for (let i = 0; i < w * h; i++) bytes[i] = Math.round(clamp01(mask[i]) * 255)
  const data = await sharp(bytes, { raw: { width: w, height: h, channels: 1 } })
    .blur(sigma)
    .raw()
    .toBuffer()
  const out = new Float32Array(w * h)
  for (let i = 0; i < w * h; i++) out[i] = data[i] / 255
  return out
}

export const svgOpen = (w, h) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`
export const hex = (rgb) =>
  '#' +
  rgb
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
/** Brightness jitter plus a small warm/cool shift (red against blue), never a green cast. */
export const jitterColor = (rnd, rgb, amount) => {
  const k = 1 + rnd.gauss() * amount
  const t = rnd.gauss() * amount * 0.3
  return [rgb[0] * k * (1 + t), rgb[1] * k, rgb[2] * k * (1 - t)]
}

/** img *= 1 + amount * f  (f roughly -1..1) */
export function modulate(img, f, amount) {
  const d = img.data
  for (let i = 0; i < f.length; i++) {
    const k = 1 + amount * f[i]
    d[i * 3] *= k
    d[i * 3 + 1] *= k
    d[i * 3 + 2] *= k
  }
}

/** Multiply toward a tint colour where the mask is set: strength 1 = full multiply by tint/255. */
export function multiplyTint(img, mask, tint, strength = 1) {
  const d = img.data
  const t = tint.map((v) => v / 255)
  for (let i = 0; i < mask.length; i++) {
    const m = mask[i] * strength
    if (m <= 0) continue
    d[i * 3] *= 1 - m + m * t[0]
    d[i * 3 + 1] *= 1 - m + m * t[1]
    d[i * 3 + 2] *= 1 - m + m * t[2]
  }
}

/** Blend toward a colour where the mask is set. */
export function mixColor(img, mask, color, strength = 1) {
  const d = img.data
  for (let i = 0; i < mask.length; i++) {
    const m = clamp01(mask[i] * strength)
    if (m <= 0) continue
    d[i * 3] += (color[0] - d[i * 3]) * m
    d[i * 3 + 1] += (color[1] - d[i * 3 + 1]) * m
    d[i * 3 + 2] += (color[2] - d[i * 3 + 2]) * m
  }
}

/** Global tone change: saturation factor, brightness factor, contrast around mid grey. */
export function grade(img, { saturation = 1, brightness = 1, contrast = 1, tint = [1, 1, 1] } = {}) {
  const d = img.data
  for (let i = 0; i < d.length; i += 3) {
    let r = d[i]
    let g = d[i + 1]
    let b = d[i + 2]
    const l = 0.299 * r + 0.587 * g + 0.114 * b
    r = l + (r - l) * saturation
    g = l + (g - l) * saturation
    b = l + (b - l) * saturation
    d[i] = (128 + (r * brightness - 128) * contrast) * tint[0]
    d[i + 1] = (128 + (g * brightness - 128) * contrast) * tint[1]
    d[i + 2] = (128 + (b * brightness - 128) * contrast) * tint[2]
  }
}

/** Soft photographic light falloff plus a gentle directional light from the top left. */
export function vignette(img, strength = 0.22, light = 0.08) {
  const { w, h, data } = img
  const cx = w / 2
  const cy = h / 2
  const rr = Math.hypot(cx, cy)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const r = Math.hypot(x - cx, y - cy) / rr
      const k = (1 - strength * r * r) * (1 + light * (0.5 - (x / w + y / h) / 2))
      const i = (y * w + x) * 3
      data[i] *= k
      data[i + 1] *= k
      data[i + 2] *= k
    }
  }
}

/** Fine film grain, seeded: keeps surfaces from looking plastic. */
export function grain(img, amount, seed) {
  const { w, h, data } = img
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const k = 1 + (hash01(x, y, seed) - 0.5) * amount
      const i = (y * w + x) * 3
      data[i] *= k
      data[i + 1] *= k
      data[i + 2] *= k
    }
  }
}
