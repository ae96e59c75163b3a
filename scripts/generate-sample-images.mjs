#!/usr/bin/env node
/**
 * Generates the SAMPLE source images in images/ — the folder the owner later fills with real photos.
 *
 *   node scripts/generate-sample-images.mjs            # (re)writes every sample image
 *   node scripts/generate-sample-images.mjs roof-01    # only names containing "roof-01"
 *
 * Run once; its output is committed. Everything is procedural and seeded from each image's name, so a
 * re-run gives the same pictures. No fonts are used: labels are drawn with a small built-in stroke alphabet,
 * so the output does not depend on which fonts a machine has.
 *
 * Gallery images are "before | after" composites of one surface (left/right, or top/bottom for portrait),
 * each labelled BEFORE / AFTER and tagged SAMPLE IMAGE so nobody mistakes them for real job photos.
 * Service images are clean surfaces; hero.jpg is a dusk street scene meant to sit under a dark overlay.
 */
import { mkdir } from 'node:fs/promises'
import { statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const OUT = path.join(ROOT, 'images')
const JPEG = { quality: 78, mozjpeg: true, chromaSubsampling: '4:2:0' }

// ---------------------------------------------------------------------------------------------------------------------
// Seeded randomness and noise
// ---------------------------------------------------------------------------------------------------------------------

function hashString(text) {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

function mulberry32(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A random helper bound to one seed. */
function makeRandom(seed) {
  const next = mulberry32(seed)
  const rnd = {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
    /** roughly normal, mean 0, sd 1 */
    gauss: () => (next() + next() + next() + next() - 2) * 1.732,
    seed: () => Math.floor(next() * 2 ** 31),
  }
  return rnd
}

/** Classic 2-D gradient noise (Perlin), seeded; returns roughly -1..1. */
function makeNoise(seed) {
  const rnd = mulberry32(seed)
  const perm = new Uint16Array(512)
  const base = Array.from({ length: 256 }, (_, i) => i)
  for (let i = 255; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1))
    ;[base[i], base[j]] = [base[j], base[i]]
  }
  for (let i = 0; i < 512; i++) perm[i] = base[i & 255]
  const gx = new Float32Array(256)
  const gy = new Float32Array(256)
  for (let i = 0; i < 256; i++) {
    const a = rnd() * Math.PI * 2
    gx[i] = Math.cos(a)
    gy[i] = Math.sin(a)
  }
  return (x, y) => {
    const X = Math.floor(x)
    const Y = Math.floor(y)
    const xf = x - X
    const yf = y - Y
    const xi = X & 255
    const yi = Y & 255
    const aa = perm[perm[xi] + yi]
    const ab = perm[perm[xi] + yi + 1]
    const ba = perm[perm[xi + 1] + yi]
    const bb = perm[perm[xi + 1] + yi + 1]
    const u = xf * xf * xf * (xf * (xf * 6 - 15) + 10)
    const v = yf * yf * yf * (yf * (yf * 6 - 15) + 10)
    const n00 = gx[aa] * xf + gy[aa] * yf
    const n10 = gx[ba] * (xf - 1) + gy[ba] * yf
    const n01 = gx[ab] * xf + gy[ab] * (yf - 1)
    const n11 = gx[bb] * (xf - 1) + gy[bb] * (yf - 1)
    const a = n00 + (n10 - n00) * u
    const b = n01 + (n11 - n01) * u
    return (a + (b - a) * v) * 1.41
  }
}

/** Fractal noise, roughly -1..1. Each octave is offset so the 256-cell period never lines up. */
function fbm(noise, x, y, octaves = 4, gain = 0.5) {
  let sum = 0
  let amp = 1
  let freq = 1
  let norm = 0
  for (let o = 0; o < octaves; o++) {
    sum += amp * noise(x * freq + o * 37.17, y * freq + o * 91.31)
    norm += amp
    amp *= gain
    freq *= 2.03
  }
  return sum / norm
}

const clamp01 = (v) => (v < 0 ? 0 : v > 1 ? 1 : v)
const smoothstep = (a, b, v) => {
  const t = clamp01((v - a) / (b - a))
  return t * t * (3 - 2 * t)
}
const lerp = (a, b, t) => a + (b - a) * t

/** Per-pixel hash in 0..1 (white noise), stable for a seed. */
function mix32(v) {
  v ^= v >>> 16
  v = Math.imul(v, 0x7feb352d)
  v ^= v >>> 15
  v = Math.imul(v, 0x846ca68b)
  v ^= v >>> 16
  return v >>> 0
}
function hash01(x, y, seed) {
  return mix32((x + mix32((y + mix32(seed)) | 0)) | 0) / 4294967296
}

// ---------------------------------------------------------------------------------------------------------------------
// Images as Float32 RGB (0..255) and masks as Float32 (0..1)
// ---------------------------------------------------------------------------------------------------------------------

function newImage(w, h, rgb = [0, 0, 0]) {
  const data = new Float32Array(w * h * 3)
  for (let i = 0; i < w * h; i++) {
    data[i * 3] = rgb[0]
    data[i * 3 + 1] = rgb[1]
    data[i * 3 + 2] = rgb[2]
  }
  return { w, h, data }
}

const cloneImage = (img) => ({ w: img.w, h: img.h, data: new Float32Array(img.data) })

/**
 * A scalar field evaluated on a coarse grid (every `step` px) and bilinearly upsampled: cheap for smooth noise.
 */
function field(w, h, step, fn) {
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

async function svgToImage(svg, w, h) {
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
async function svgToMask(svg, w, h, blur = 0) {
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

async function blurMask(mask, w, h, sigma) {
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

const svgOpen = (w, h) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`
const hex = (rgb) =>
  '#' +
  rgb
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
/** Brightness jitter plus a small warm/cool shift (red against blue), never a green cast. */
const jitterColor = (rnd, rgb, amount) => {
  const k = 1 + rnd.gauss() * amount
  const t = rnd.gauss() * amount * 0.3
  return [rgb[0] * k * (1 + t), rgb[1] * k, rgb[2] * k * (1 - t)]
}

/** img *= 1 + amount * f  (f roughly -1..1) */
function modulate(img, f, amount) {
  const d = img.data
  for (let i = 0; i < f.length; i++) {
    const k = 1 + amount * f[i]
    d[i * 3] *= k
    d[i * 3 + 1] *= k
    d[i * 3 + 2] *= k
  }
}

/** Multiply toward a tint colour where the mask is set: strength 1 = full multiply by tint/255. */
function multiplyTint(img, mask, tint, strength = 1) {
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
function mixColor(img, mask, color, strength = 1) {
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
function grade(img, { saturation = 1, brightness = 1, contrast = 1, tint = [1, 1, 1] } = {}) {
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
function vignette(img, strength = 0.22, light = 0.08) {
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
function grain(img, amount, seed) {
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

// ---------------------------------------------------------------------------------------------------------------------
// Mask generators for grime
// ---------------------------------------------------------------------------------------------------------------------

/** Patchy fractal mask: smoothstep of fbm around a threshold. */
function patches(w, h, seed, { scale = 300, octaves = 5, threshold = 0.1, softness = 0.25, step = 4 } = {}) {
  const n = makeNoise(seed)
  return field(w, h, step, (x, y) =>
    smoothstep(threshold - softness, threshold + softness, fbm(n, x / scale, y / scale, octaves)),
  )
}

/** Irregular stains (oil, rust, leaf tannin): noisy-edged ellipses. */
function stains(w, h, rnd, { count, cx, cy, rx, ry, edge = 0.45, core = 0.85 }) {
  const out = new Float32Array(w * h)
  const n = makeNoise(rnd.seed())
  for (let s = 0; s < count; s++) {
    const x0 = typeof cx === 'function' ? cx() : cx
    const y0 = typeof cy === 'function' ? cy() : cy
    const a = rnd.range(rx[0], rx[1])
    const b = rnd.range(ry[0], ry[1])
    const rot = rnd.range(0, Math.PI)
    const cos = Math.cos(rot)
    const sin = Math.sin(rot)
    const strength = rnd.range(0.55, 1)
    const ox = rnd.range(0, 200)
    const r = Math.max(a, b) * 1.6
    for (let y = Math.max(0, Math.floor(y0 - r)); y < Math.min(h, Math.ceil(y0 + r)); y++) {
      for (let x = Math.max(0, Math.floor(x0 - r)); x < Math.min(w, Math.ceil(x0 + r)); x++) {
        const dx = x - x0
        const dy = y - y0
        const u = (dx * cos + dy * sin) / a
        const v = (-dx * sin + dy * cos) / b
        const wobble = fbm(n, (x + ox) / (a * 0.45), (y + ox) / (a * 0.45), 3) * edge
        const d = Math.sqrt(u * u + v * v) + wobble
        const m = (1 - smoothstep(core * 0.55, 1, d)) * strength
        const i = y * w + x
        out[i] = 1 - (1 - out[i]) * (1 - m)
      }
    }
  }
  return out
}

/** Vertical run-off streaks starting at rows `tops(x)` and fading over `length`. */
function streaks(w, h, seed, { density = 0.5, width = 7, length = 500, top = () => 0, strength = 1 } = {}) {
  const n = makeNoise(seed)
  const out = new Float32Array(w * h)
  const col = new Float32Array(w)
  const len = new Float32Array(w)
  const start = new Float32Array(w)
  for (let x = 0; x < w; x++) {
    const presence = smoothstep(
      0.55 - density,
      0.9 - density,
      fbm(n, x / width, 7.3, 3) * 0.5 + 0.5 + 0.15 * n(x / (width * 8), 3.1),
    )
    col[x] = presence * (0.55 + 0.45 * (n(x / 60, 11.7) * 0.5 + 0.5))
    len[x] = length * (0.35 + 0.9 * (n(x / 45, 23.9) * 0.5 + 0.5))
    start[x] = top(x)
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (col[x] <= 0.001) continue
      const t = (y - start[x]) / len[x]
      if (t < 0 || t > 1) continue
      const fade = Math.pow(1 - t, 1.3) * smoothstep(0, 0.04, t)
      out[y * w + x] = clamp01(col[x] * fade * strength * (0.75 + 0.35 * n(x / 5, y / 40)))
    }
  }
  return out
}

/** Small round spots (chewing gum, lichen, drips). */
function spots(w, h, rnd, { count, radius = [4, 10], region = () => true, soft = 0.35 }) {
  const out = new Float32Array(w * h)
  for (let s = 0; s < count; s++) {
    let x0
    let y0
    let guard = 0
    do {
      x0 = rnd.range(0, w)
      y0 = rnd.range(0, h)
    } while (!region(x0, y0) && ++guard < 40)
    const r = rnd.range(radius[0], radius[1])
    const sq = rnd.range(0.7, 1)
    const strength = rnd.range(0.6, 1)
    for (let y = Math.max(0, Math.floor(y0 - r - 2)); y < Math.min(h, Math.ceil(y0 + r + 2)); y++) {
      for (let x = Math.max(0, Math.floor(x0 - r - 2)); x < Math.min(w, Math.ceil(x0 + r + 2)); x++) {
        const d = Math.hypot(x - x0, (y - y0) / sq) / r
        const m = (1 - smoothstep(1 - soft, 1, d)) * strength
        const i = y * w + x
        if (m > out[i]) out[i] = m
      }
    }
  }
  return out
}

function combine(a, b, fn) {
  const out = new Float32Array(a.length)
  for (let i = 0; i < a.length; i++) out[i] = fn(a[i], b[i], i)
  return out
}

const mapMask = (a, fn) => {
  const out = new Float32Array(a.length)
  for (let i = 0; i < a.length; i++) out[i] = fn(a[i], i)
  return out
}

/** Mask that is 1 near the bottom (or top) edge and fades out. */
function edgeFade(w, h, { from = 'bottom', size = 0.3, noiseSeed = 1, wobble = 0.08 }) {
  const n = makeNoise(noiseSeed)
  return field(w, h, 4, (x, y) => {
    const t = from === 'bottom' ? (h - y) / h : from === 'top' ? y / h : from === 'left' ? x / w : (w - x) / w
    return 1 - smoothstep(0, size, t + wobble * fbm(n, x / 150, y / 150, 3))
  })
}

// ---------------------------------------------------------------------------------------------------------------------
// Surfaces (each returns the clean surface plus whatever masks its grime needs)
// ---------------------------------------------------------------------------------------------------------------------

/** Broom-finished or smooth concrete with control joints. */
async function concrete(
  w,
  h,
  rnd,
  { color = [184, 180, 170], joints = [], broom = 0, broomAngle = 0, aggregate = 0.5, blotch = 0.06 } = {},
) {
  const img = newImage(w, h, color)
  const n1 = makeNoise(rnd.seed())
  const n2 = makeNoise(rnd.seed())
  const low = field(w, h, 8, (x, y) => fbm(n1, x / 420, y / 420, 4))
  modulate(img, low, blotch)
  const mottle = field(w, h, 4, (x, y) => fbm(n1, x / 70 + 50, y / 70 + 50, 3))
  modulate(img, mottle, 0.04)
  const mid = field(w, h, 2, (x, y) => fbm(n2, x / 16, y / 16, 3))
  modulate(img, mid, 0.045)
  if (broom > 0) {
    // broom finish: fine parallel lines whose strength wanders along their length
    const nb = makeNoise(rnd.seed())
    const seed = rnd.seed()
    const c = Math.cos(broomAngle)
    const s = Math.sin(broomAngle)
    const br = field(w, h, 1, (x, y) => {
      const u = x * c + y * s
      const v = -x * s + y * c + nb(u / 400, 3.7) * 12
      const line = Math.floor(v / 2.2)
      return (hash01(line, 0, seed) - 0.5) * 1.6 * (0.55 + 0.45 * nb(u / 90, line / 7))
    })
    modulate(img, br, broom)
  }
  if (aggregate > 0) {
    const seed = rnd.seed()
    const d = img.data
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const hv = hash01(x >> 1, y >> 1, seed)
        if (hv > 1 - 0.02 * aggregate) {
          const k = hv > 1 - 0.01 * aggregate ? 0.82 : 1.1
          const i = (y * w + x) * 3
          d[i] *= k
          d[i + 1] *= k
          d[i + 2] *= k
        }
      }
    }
  }
  let jointMask = new Float32Array(w * h)
  if (joints.length) {
    const lines = joints
      .map(
        ([x1, y1, x2, y2]) =>
          `<line x1="${x1 * w}" y1="${y1 * h}" x2="${x2 * w}" y2="${y2 * h}" stroke="#fff" stroke-width="5" stroke-linecap="round"/>`,
      )
      .join('')
    const hl = joints
      .map(
        ([x1, y1, x2, y2]) =>
          `<line x1="${x1 * w + 4}" y1="${y1 * h + 4}" x2="${x2 * w + 4}" y2="${y2 * h + 4}" stroke="#fff" stroke-width="3"/>`,
      )
      .join('')
    jointMask = await svgToMask(`${svgOpen(w, h)}${lines}</svg>`, w, h, 0.9)
    const highlight = await svgToMask(`${svgOpen(w, h)}${hl}</svg>`, w, h, 1.5)
    const shadow = await blurMask(jointMask, w, h, 6)
    multiplyTint(img, shadow, [120, 120, 120], 0.35)
    mixColor(img, highlight, [220, 216, 206], 0.25)
    multiplyTint(img, jointMask, [70, 68, 64], 0.75)
  }
  return { img, jointMask }
}

/** Tiles/pavers/bricks drawn from rectangles or polygons with per-piece colour, sand joints and bevelled edges. */
async function tiled(
  w,
  h,
  rnd,
  {
    pieces,
    palette,
    jointColor,
    colorJitter = 0.07,
    bevel = 0.3,
    texture = 0.05,
    textureScale = 14,
    speckle = 0.4,
    rx = 3,
  },
) {
  const shape = (p, fill) =>
    p.points
      ? `<polygon points="${p.points.map((q) => q.join(',')).join(' ')}" fill="${fill}"/>`
      : `<rect x="${p.x}" y="${p.y}" width="${p.w}" height="${p.h}" rx="${rx}" fill="${fill}"${p.transform ? ` transform="${p.transform}"` : ''}/>`
  const colored = pieces.map((p) => shape(p, hex(jitterColor(rnd, rnd.pick(palette), colorJitter)))).join('')
  const img = await svgToImage(
    `${svgOpen(w, h)}<rect width="${w}" height="${h}" fill="${hex(jointColor)}"/>${colored}</svg>`,
    w,
    h,
  )
  const white = pieces.map((p) => shape(p, '#fff')).join('')
  const pieceMask = await svgToMask(`${svgOpen(w, h)}${white}</svg>`, w, h)
  const jointMask = mapMask(pieceMask, (v) => 1 - v)
  // bevel: darken near joints, lighten slightly on the piece faces
  const near = await blurMask(jointMask, w, h, 5)
  multiplyTint(
    img,
    combine(near, pieceMask, (a, b) => a * b),
    [90, 90, 90],
    bevel,
  )
  const n = makeNoise(rnd.seed())
  const tex = field(w, h, 2, (x, y) => fbm(n, x / textureScale, y / textureScale, 3))
  modulate(img, tex, texture)
  const n2 = makeNoise(rnd.seed())
  modulate(
    img,
    field(w, h, 8, (x, y) => fbm(n2, x / 300, y / 300, 3)),
    0.05,
  )
  if (speckle > 0) {
    const seed = rnd.seed()
    const d = img.data
    for (let i = 0; i < w * h; i++) {
      const hv = hash01((i % w) >> 1, (i / w) >> 1, seed)
      if (hv > 1 - 0.015 * speckle) {
        const k = hv > 1 - 0.007 * speckle ? 0.8 : 1.12
        d[i * 3] *= k
        d[i * 3 + 1] *= k
        d[i * 3 + 2] *= k
      }
    }
  }
  // joints: sand texture
  const ns = makeNoise(rnd.seed())
  const sand = field(w, h, 1, (x, y) => ns(x / 2.2, y / 2.2))
  const d = img.data
  for (let i = 0; i < w * h; i++) {
    const m = jointMask[i]
    if (m <= 0.02) continue
    const k = 1 + sand[i] * 0.18 * m
    d[i * 3] *= k
    d[i * 3 + 1] *= k
    d[i * 3 + 2] *= k
  }
  return { img, jointMask, pieceMask }
}

// Layouts, in pixels --------------------------------------------------------------------------------------------------

function runningBond(w, h, { unitW, unitH, gap, offset = 0.5, angle = 0 }) {
  const pieces = []
  const diag = Math.hypot(w, h)
  const rows = Math.ceil(diag / unitH) + 4
  const cols = Math.ceil(diag / unitW) + 4
  const cx = w / 2
  const cy = h / 2
  for (let r = -rows / 2; r < rows / 2; r++) {
    const shift = (r & 1) * unitW * offset
    for (let c = -cols / 2; c < cols / 2; c++) {
      const x = cx + c * unitW + shift + gap / 2
      const y = cy + r * unitH + gap / 2
      pieces.push({ x, y, w: unitW - gap, h: unitH - gap, transform: angle ? `rotate(${angle} ${cx} ${cy})` : '' })
    }
  }
  return pieces
}

function basketWeave(w, h, { unit, gap }) {
  const pieces = []
  for (let j = 0; j * unit * 2 < h + unit * 2; j++) {
    for (let i = 0; i * unit * 2 < w + unit * 2; i++) {
      const x = i * unit * 2
      const y = j * unit * 2
      if ((i + j) % 2 === 0) {
        pieces.push({ x: x + gap / 2, y: y + gap / 2, w: unit * 2 - gap, h: unit - gap })
        pieces.push({ x: x + gap / 2, y: y + unit + gap / 2, w: unit * 2 - gap, h: unit - gap })
      } else {
        pieces.push({ x: x + gap / 2, y: y + gap / 2, w: unit - gap, h: unit * 2 - gap })
        pieces.push({ x: x + unit + gap / 2, y: y + gap / 2, w: unit - gap, h: unit * 2 - gap })
      }
    }
  }
  return pieces
}

/** 90-degree herringbone of 2:1 bricks (optionally rotated 45 degrees). */
function herringbone(w, h, { unit, gap, angle = 45 }) {
  const pieces = []
  const cx = w / 2
  const cy = h / 2
  const span = Math.ceil(Math.hypot(w, h) / unit / 2) + 3
  const t = angle ? `rotate(${angle} ${cx} ${cy})` : ''
  // chains H(k,k) + V(k,k+1), repeated every (2,-2)
  for (let m = -span; m <= span; m++) {
    for (let k = -span * 2; k <= span * 2; k++) {
      const bx = k + 2 * m
      const by = k - 2 * m
      const px = cx + bx * unit
      const py = cy + by * unit
      if (Math.abs(px - cx) > span * unit * 1.5 || Math.abs(py - cy) > span * unit * 1.5) continue
      pieces.push({ x: px + gap / 2, y: py + gap / 2, w: unit * 2 - gap, h: unit - gap, transform: t })
      pieces.push({ x: px + gap / 2, y: py + unit + gap / 2, w: unit - gap, h: unit * 2 - gap, transform: t })
    }
  }
  return pieces
}

/** Random-width rectangles in courses (travertine / ashlar look). */
function ashlar(w, h, { rnd, rowHeights, widths, gap }) {
  const pieces = []
  let y = -rnd.range(0, 40)
  while (y < h) {
    const rh = rnd.pick(rowHeights)
    let x = -rnd.range(0, 200)
    while (x < w) {
      const pw = rnd.pick(widths)
      if (rh === rowHeights[rowHeights.length - 1] && rnd.chance(0.3) && rh >= 2 * rowHeights[0]) {
        // split a tall course into two short ones under this stone
        const half = rh / 2
        pieces.push({ x: x + gap / 2, y: y + gap / 2, w: pw - gap, h: half - gap })
        pieces.push({ x: x + gap / 2, y: y + half + gap / 2, w: pw - gap, h: half - gap })
      } else {
        pieces.push({ x: x + gap / 2, y: y + gap / 2, w: pw - gap, h: rh - gap })
      }
      x += pw
    }
    y += rh
  }
  return pieces
}

/** Flagstone: jittered Voronoi cells, per-pixel. */
function flagstone(w, h, rnd, { cell = 220, gap = 7, palette, jointColor }) {
  const gw = Math.ceil(w / cell) + 2
  const gh = Math.ceil(h / cell) + 2
  const sx = new Float32Array(gw * gh)
  const sy = new Float32Array(gw * gh)
  const colors = []
  for (let j = 0; j < gh; j++) {
    for (let i = 0; i < gw; i++) {
      sx[j * gw + i] = (i - 1 + rnd.range(0.1, 0.9)) * cell
      sy[j * gw + i] = (j - 1 + rnd.range(0.1, 0.9)) * cell
      colors.push(jitterColor(rnd, rnd.pick(palette), 0.08))
    }
  }
  const img = newImage(w, h)
  const jointMask = new Float32Array(w * h)
  const edge = new Float32Array(w * h)
  const nw = makeNoise(rnd.seed())
  const d = img.data
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // wobble the lookup so edges are not straight lines
      const wx = x + nw(x / 60, y / 60) * 14
      const wy = y + nw(x / 60 + 40, y / 60 + 40) * 14
      const ci = Math.floor(wx / cell) + 1
      const cj = Math.floor(wy / cell) + 1
      let d1 = 1e9
      let d2 = 1e9
      let best = 0
      for (let j = cj - 1; j <= cj + 1; j++) {
        for (let i = ci - 1; i <= ci + 1; i++) {
          if (i < 0 || j < 0 || i >= gw || j >= gh) continue
          const k = j * gw + i
          const dd = (wx - sx[k]) ** 2 + (wy - sy[k]) ** 2
          if (dd < d1) {
            d2 = d1
            d1 = dd
            best = k
          } else if (dd < d2) d2 = dd
        }
      }
      // distance to the bisector between nearest and second nearest seeds (approximation)
      const gapDist = (Math.sqrt(d2) - Math.sqrt(d1)) / 2
      const jm = 1 - smoothstep(gap * 0.5, gap * 0.5 + 1.5, gapDist)
      const c = colors[best]
      const i3 = (y * w + x) * 3
      d[i3] = c[0] + (jointColor[0] - c[0]) * jm
      d[i3 + 1] = c[1] + (jointColor[1] - c[1]) * jm
      d[i3 + 2] = c[2] + (jointColor[2] - c[2]) * jm
      jointMask[y * w + x] = jm
      edge[y * w + x] = 1 - smoothstep(gap * 0.5, gap * 0.5 + 14, gapDist)
    }
  }
  multiplyTint(img, edge, [110, 110, 110], 0.35)
  const n = makeNoise(rnd.seed())
  modulate(
    img,
    field(w, h, 2, (x, y) => fbm(n, x / 22, y / 22, 4)),
    0.08,
  )
  const n2 = makeNoise(rnd.seed())
  // cleft texture: layered ridges
  modulate(
    img,
    field(w, h, 2, (x, y) => Math.abs(fbm(n2, x / 90, y / 140, 4)) * 2 - 0.5),
    0.05,
  )
  return { img, jointMask }
}

/** Wood boards with grain, gaps, butt joints and fasteners. orientation "h" = boards run horizontally. */
async function boards(
  w,
  h,
  rnd,
  {
    orientation = 'h',
    boardWidth = 130,
    gap = 7,
    palette,
    gapColor = [34, 26, 20],
    joists = 240,
    fasteners = true,
    grainScale = 1,
  },
) {
  const along = orientation === 'h' ? w : h
  const across = orientation === 'h' ? h : w
  const count = Math.ceil(across / boardWidth) + 1
  const off = rnd.range(0, boardWidth)
  const list = []
  for (let b = 0; b < count; b++) {
    const start = b * boardWidth - off
    const joints = []
    let pos = -rnd.range(0, 900)
    while (pos < along) {
      pos += rnd.range(700, 1500)
      joints.push(Math.round(pos / joists) * joists)
    }
    list.push({
      start,
      joints,
      color: jitterColor(rnd, rnd.pick(palette), 0.06),
      seedX: rnd.range(0, 500),
      seedY: rnd.range(0, 500),
    })
  }
  const img = newImage(w, h)
  const gapMask = new Float32Array(w * h)
  const n = makeNoise(rnd.seed())
  const nk = makeNoise(rnd.seed())
  const d = img.data
  const knots = []
  for (let k = 0; k < (along * across) / 180000; k++)
    knots.push({ a: rnd.range(0, along), c: rnd.range(0, across), r: rnd.range(6, 15) })
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const a = orientation === 'h' ? x : y
      const c = orientation === 'h' ? y : x
      const bi = Math.floor((c + off) / boardWidth)
      const board = list[Math.min(list.length - 1, Math.max(0, bi))]
      const local = c - board.start
      let jm = 1 - smoothstep(gap * 0.5 - 1, gap * 0.5 + 1, Math.min(local, boardWidth - local))
      for (const j of board.joints) if (Math.abs(a - j) < 3) jm = Math.max(jm, 1 - smoothstep(1, 3, Math.abs(a - j)))
      // grain: stretched noise plus fine lines; knots bend the grain
      let warp = 0
      for (const k of knots) {
        const dist = Math.hypot((a - k.a) / 3, c - k.c)
        if (dist < k.r * 5) warp += (k.r * 4) / (dist + k.r)
      }
      const g1 = fbm(n, (a + board.seedX) / (260 * grainScale), (c + board.seedY + warp) / (9 * grainScale), 3)
      const g2 = nk((a + board.seedX) / (60 * grainScale), (c + warp * 0.5) / (2.2 * grainScale))
      const rings = Math.sin((c + warp * 1.5 + g1 * 40) / (5 * grainScale)) * 0.5 + 0.5
      let k = 1 + 0.12 * g1 + 0.05 * g2 - 0.08 * rings * rings
      for (const kn of knots) {
        const dist = Math.hypot((a - kn.a) / 1.6, c - kn.c)
        if (dist < kn.r) k *= 0.78 + 0.22 * smoothstep(kn.r * 0.2, kn.r, dist)
      }
      // rounded board edges
      const edgeShade = 1 - 0.25 * (1 - smoothstep(gap * 0.5, gap * 0.5 + 10, Math.min(local, boardWidth - local)))
      k *= edgeShade
      const col = board.color
      const i3 = (y * w + x) * 3
      d[i3] = col[0] * k + (gapColor[0] - col[0] * k) * jm
      d[i3 + 1] = col[1] * k + (gapColor[1] - col[1] * k) * jm
      d[i3 + 2] = col[2] * k + (gapColor[2] - col[2] * k) * jm
      gapMask[y * w + x] = jm
    }
  }
  if (fasteners) {
    let svg = svgOpen(w, h)
    for (let jp = joists / 2; jp < along; jp += joists) {
      for (const b of list) {
        for (const frac of [0.28, 0.72]) {
          const cc = b.start + boardWidth * frac
          const [x, y] = orientation === 'h' ? [jp, cc] : [cc, jp]
          svg += `<circle cx="${x}" cy="${y}" r="4" fill="#fff"/>`
        }
      }
    }
    const fm = await svgToMask(svg + '</svg>', w, h, 0.8)
    multiplyTint(img, fm, [60, 55, 50], 0.8)
  }
  return { img, gapMask }
}

/** Stucco: bumpy lit height field. */
function stucco(w, h, rnd, { color = [222, 206, 176], bump = 0.16, scale = 5 }) {
  const n = makeNoise(rnd.seed())
  const height = field(w, h, 1, (x, y) => fbm(n, x / scale, y / scale, 3, 0.55))
  const img = newImage(w, h, color)
  const d = img.data
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x
      const shade = (height[i - w - 1] - height[i + w + 1]) * 1.2
      const k = 1 + bump * shade
      d[i * 3] *= k
      d[i * 3 + 1] *= k
      d[i * 3 + 2] *= k
    }
  }
  const n2 = makeNoise(rnd.seed())
  modulate(
    img,
    field(w, h, 8, (x, y) => fbm(n2, x / 350, y / 350, 3)),
    0.04,
  )
  return { img }
}

/** Horizontal lap siding boards with drop shadows. */
function lapSiding(w, h, rnd, { color = [200, 210, 212], exposure = 110, emboss = 0.03 }) {
  const img = newImage(w, h, color)
  const n = makeNoise(rnd.seed())
  const d = img.data
  const shadowMask = new Float32Array(w * h)
  const off = rnd.range(0, exposure)
  for (let y = 0; y < h; y++) {
    const local = (y + off) % exposure
    const t = local / exposure
    // each board is slightly tilted: lighter at top, darker towards the butt edge; dark shadow line under the butt
    let k = 1.04 - 0.1 * t
    let sh = 0
    if (local < 6) {
      k *= 0.55 + 0.45 * (local / 6)
      sh = 1 - local / 6
    }
    if (local > exposure - 3) k *= 1.08
    for (let x = 0; x < w; x++) {
      const g = n(x / 90, y / 1.8) * emboss + n(x / 400, y / 30) * 0.02
      const i = y * w + x
      const kk = k * (1 + g)
      d[i * 3] *= kk
      d[i * 3 + 1] *= kk
      d[i * 3 + 2] *= kk
      shadowMask[i] = sh
    }
  }
  return { img, shadowMask }
}

/** Asphalt 3-tab shingles or flat concrete tiles in courses. */
function shingles(
  w,
  h,
  rnd,
  { palette, exposure = 70, tabWidth = 170, slot = 5, thickness = 5, granule = 0.22, smooth = false },
) {
  const img = newImage(w, h)
  const d = img.data
  const rows = Math.ceil(h / exposure) + 1
  const rowData = []
  for (let r = 0; r < rows; r++)
    rowData.push({
      shift: (r % 2) * tabWidth * 0.5 + rnd.range(-10, 10),
      tint: jitterColor(rnd, rnd.pick(palette), 0.03),
    })
  const tabColors = new Map()
  const n = makeNoise(rnd.seed())
  const seed = rnd.seed()
  const rowMask = new Float32Array(w * h)
  for (let y = 0; y < h; y++) {
    const r = Math.floor(y / exposure)
    const local = y - r * exposure
    const row = rowData[r]
    for (let x = 0; x < w; x++) {
      const tx = x + row.shift + 1000
      const tab = Math.floor(tx / tabWidth)
      const inTab = tx - tab * tabWidth
      // asphalt shingles come in 3-tab strips of one blend; concrete tiles vary one by one
      const key = r * 10000 + (smooth ? tab : Math.floor(tab / 3))
      let c = tabColors.get(key)
      if (!c) {
        c = jitterColor(rnd, row.tint, smooth ? 0.06 : 0.035)
        tabColors.set(key, c)
      }
      let k = 1
      // slot between tabs (only in the exposed part)
      if (inTab < slot) k *= 0.35
      // shadow under the course above (top of the exposed part)
      if (local < thickness * 2.5) k *= 0.55 + 0.45 * smoothstep(0, thickness * 2.5, local)
      // bottom edge highlight
      if (local > exposure - 3) k *= 1.12
      // granules
      if (smooth) k *= 1 + 0.05 * fbm(n, x / 9, y / 9, 2)
      else {
        const hv = hash01(x >> 1, y >> 1, seed)
        k *= 1 + (hv - 0.5) * granule + 0.09 * fbm(n, x / 6, y / 6, 2) + 0.05 * n(x / 40 + 9, y / 25)
      }
      k *= 1 + 0.04 * n(x / 200 + r * 3.3, y / 60)
      const i3 = (y * w + x) * 3
      d[i3] = c[0] * k
      d[i3 + 1] = c[1] * k
      d[i3 + 2] = c[2] * k
      rowMask[y * w + x] = local / exposure
    }
  }
  return { img, rowMask }
}

/** Spanish / S clay tiles: barrels and pans with cylindrical shading. */
function clayTiles(w, h, rnd, { palette, tileW = 150, rowH = 190 }) {
  const img = newImage(w, h)
  const d = img.data
  const troughMask = new Float32Array(w * h)
  const colors = new Map()
  const n = makeNoise(rnd.seed())
  const n2 = makeNoise(rnd.seed())
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const col = Math.floor(x / tileW)
      const u = (x - col * tileW) / tileW // 0..1 across one S profile
      // S profile height: barrel (cap) in first half, pan (trough) in second
      const profile = Math.sin(u * Math.PI * 2 - Math.PI / 2) // -1..1, +1 at barrel crest (u=0.5)?
      const slope = Math.cos(u * Math.PI * 2 - Math.PI / 2)
      const row = Math.floor((y + (col % 2) * 7) / rowH)
      const v = ((y + (col % 2) * 7) % rowH) / rowH
      const key = row * 1000 + col
      let c = colors.get(key)
      if (!c) {
        c = jitterColor(rnd, rnd.pick(palette), 0.07)
        colors.set(key, c)
      }
      // lighting from the left: shade by slope; barrels slightly lighter
      let k = 0.78 + 0.3 * -slope * 0.9 + 0.08 * profile
      // the lower edge of each tile overlaps the next: curved bottom edge casts a shadow
      const edgeY = 1 - 0.06 * (1 - Math.abs(profile))
      if (v > edgeY - 0.02) k *= 1.08
      if (v < 0.09) k *= 0.5 + 0.5 * smoothstep(0, 0.09, v)
      k *= 1 + 0.06 * fbm(n, x / 14, y / 14, 3) + 0.05 * n2(x / 120, y / 120)
      const i3 = (y * w + x) * 3
      d[i3] = c[0] * k
      d[i3 + 1] = c[1] * k
      d[i3 + 2] = c[2] * k
      troughMask[y * w + x] = clamp01(-profile)
    }
  }
  return { img, troughMask }
}

/** Glossy epoxy floor with decorative vinyl flakes. */
function epoxy(
  w,
  h,
  rnd,
  {
    base = [92, 96, 104],
    flakes = [
      [30, 32, 36],
      [205, 206, 208],
      [150, 152, 156],
      [96, 108, 130],
      [236, 236, 232],
    ],
  },
) {
  const img = newImage(w, h, base)
  const d = img.data
  const n = makeNoise(rnd.seed())
  modulate(
    img,
    field(w, h, 4, (x, y) => fbm(n, x / 200, y / 200, 3)),
    0.04,
  )
  // flakes: small irregular quads
  const count = Math.round((w * h) / 260)
  for (let f = 0; f < count; f++) {
    const cx = rnd.range(0, w)
    const cy = rnd.range(0, h)
    const r = rnd.range(2, 6.5)
    const c = jitterColor(rnd, rnd.pick(flakes), 0.05)
    const a = rnd.range(0, Math.PI)
    const ca = Math.cos(a)
    const sa = Math.sin(a)
    const ar = rnd.range(0.45, 1)
    for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(h, Math.ceil(cy + r)); y++) {
      for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(w, Math.ceil(cx + r)); x++) {
        const dx = x - cx
        const dy = y - cy
        const u = Math.abs(dx * ca + dy * sa) / r
        const v = Math.abs(-dx * sa + dy * ca) / (r * ar)
        const dist = u + v * 0.8
        if (dist > 1) continue
        const m = 1 - smoothstep(0.8, 1, dist)
        const i3 = (y * w + x) * 3
        d[i3] += (c[0] - d[i3]) * m
        d[i3 + 1] += (c[1] - d[i3 + 1]) * m
        d[i3 + 2] += (c[2] - d[i3 + 2]) * m
      }
    }
  }
  // gloss: soft reflections of two overhead lights plus a window streak
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const r1 = Math.hypot((x - w * 0.3) / (w * 0.16), (y - h * 0.22) / (h * 0.5))
      const r2 = Math.hypot((x - w * 0.75) / (w * 0.12), (y - h * 0.3) / (h * 0.45))
      const streak = Math.exp(-(((x - w * 0.55 - (y - h) * 0.25) / (w * 0.04)) ** 2)) * smoothstep(0, h, y) * 0.35
      const gloss = 0.55 * Math.exp(-r1 * r1 * 1.5) + 0.45 * Math.exp(-r2 * r2 * 1.8) + streak
      const i3 = (y * w + x) * 3
      d[i3] += (250 - d[i3]) * gloss * 0.45
      d[i3 + 1] += (250 - d[i3 + 1]) * gloss * 0.45
      d[i3 + 2] += (252 - d[i3 + 2]) * gloss * 0.45
    }
  }
  return { img }
}

// ---------------------------------------------------------------------------------------------------------------------
// Labels: a tiny stroke alphabet (unit box 4 x 6), so no fonts are needed
// ---------------------------------------------------------------------------------------------------------------------

const GLYPHS = {
  A: { w: 4, d: 'M0 6 L2 0 L4 6 M0.7 4 L3.3 4' },
  B: { w: 4, d: 'M0 3 L2.6 3 Q3.7 3 3.7 1.5 Q3.7 0 2.6 0 L0 0 L0 6 L2.8 6 Q4 6 4 4.5 Q4 3 2.8 3' },
  E: { w: 3.6, d: 'M3.6 0 L0 0 L0 6 L3.6 6 M0 3 L3 3' },
  F: { w: 3.6, d: 'M3.6 0 L0 0 L0 6 M0 3 L3 3' },
  G: { w: 4, d: 'M4 1.1 Q3.4 0 2 0 Q0 0 0 2.2 L0 3.8 Q0 6 2 6 Q4 6 4 4.2 L4 3.3 L2.4 3.3' },
  I: { w: 0, d: 'M0 0 L0 6' },
  L: { w: 3.4, d: 'M0 0 L0 6 L3.4 6' },
  M: { w: 4.6, d: 'M0 6 L0 0 L2.3 4 L4.6 0 L4.6 6' },
  O: { w: 4.2, d: 'M2.1 0 Q4.2 0 4.2 3 Q4.2 6 2.1 6 Q0 6 0 3 Q0 0 2.1 0 Z' },
  P: { w: 3.8, d: 'M0 6 L0 0 L2.4 0 Q3.8 0 3.8 1.65 Q3.8 3.3 2.4 3.3 L0 3.3' },
  R: { w: 3.8, d: 'M0 6 L0 0 L2.4 0 Q3.8 0 3.8 1.65 Q3.8 3.3 2.4 3.3 L0 3.3 M2.2 3.3 L3.8 6' },
  S: { w: 3.8, d: 'M3.7 0.9 Q3.2 0 1.9 0 Q0.1 0 0.1 1.55 Q0.1 2.8 1.9 3 Q3.8 3.2 3.8 4.5 Q3.8 6 1.9 6 Q0.5 6 0 5' },
  T: { w: 4, d: 'M0 0 L4 0 M2 0 L2 6' },
  ' ': { w: 1.6, d: '' },
}

/** Returns { width, svg } for a text drawn at letter height `size` (px). */
function strokeText(text, x, y, size, color, weight = 0.62) {
  const s = size / 6
  let cx = 0
  let paths = ''
  for (const ch of text) {
    const g = GLYPHS[ch]
    if (!g) throw new Error(`No glyph for "${ch}"`)
    if (g.d) paths += `<path transform="translate(${cx} 0)" d="${g.d}"/>`
    cx += g.w + 1.55
  }
  const width = (cx - 1.55) * s
  const svg = `<g transform="translate(${x} ${y}) scale(${s})" fill="none" stroke="${color}" stroke-width="${weight}" stroke-linecap="round" stroke-linejoin="round">${paths}</g>`
  return { width, svg }
}

function pill(text, x, y, size, { bg, fg, padX = size * 0.8, padY = size * 0.55, weight, anchor = 'left' }) {
  const probe = strokeText(text, 0, 0, size, fg, weight)
  const bw = probe.width + padX * 2
  const bh = size + padY * 2
  const left = anchor === 'right' ? x - bw : x
  const t = strokeText(text, left + padX, y + padY, size, fg, weight)
  return `<rect x="${left}" y="${y}" width="${bw}" height="${bh}" rx="${bh / 2}" fill="${bg}"/>${t.svg}`
}

/** Divider, BEFORE/AFTER labels and the SAMPLE IMAGE tag. */
function overlaySvg(w, h, split) {
  const unit = Math.min(w, h) / 1000
  const size = Math.round(22 * unit)
  const margin = Math.round(26 * unit)
  const labelStyle = { bg: 'rgba(15,23,42,0.78)', fg: '#ffffff', weight: 0.7 }
  let svg = svgOpen(w, h)
  if (split === 'v') {
    const x = w / 2
    svg += `<rect x="${x - 1}" y="0" width="${5 * unit + 2}" height="${h}" fill="rgba(0,0,0,0.28)"/>`
    svg += `<rect x="${x - 2 * unit}" y="0" width="${4 * unit}" height="${h}" fill="#ffffff"/>`
    svg += pill('BEFORE', margin, margin, size, labelStyle)
    svg += pill('AFTER', x + margin, margin, size, { ...labelStyle, bg: 'rgba(3,105,161,0.85)' })
  } else {
    const y = h / 2
    svg += `<rect x="0" y="${y - 1}" width="${w}" height="${5 * unit + 2}" fill="rgba(0,0,0,0.28)"/>`
    svg += `<rect x="0" y="${y - 2 * unit}" width="${w}" height="${4 * unit}" fill="#ffffff"/>`
    svg += pill('BEFORE', margin, margin, size, labelStyle)
    svg += pill('AFTER', margin, y + margin, size, { ...labelStyle, bg: 'rgba(3,105,161,0.85)' })
  }
  const tagSize = Math.round(12 * unit)
  svg += pill('SAMPLE IMAGE', w - margin * 0.7, h - margin * 0.7 - tagSize * 2.1, tagSize, {
    bg: 'rgba(0,0,0,0.42)',
    fg: 'rgba(255,255,255,0.9)',
    weight: 0.75,
    anchor: 'right',
  })
  return svg + '</svg>'
}

// ---------------------------------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------------------------------

function toBytes(img) {
  const out = Buffer.alloc(img.w * img.h * 3)
  const d = img.data
  for (let i = 0; i < d.length; i++) out[i] = d[i] < 0 ? 0 : d[i] > 255 ? 255 : Math.round(d[i])
  return out
}

async function writeJpeg(file, img, overlay) {
  await mkdir(path.dirname(file), { recursive: true })
  let pipeline = sharp(toBytes(img), { raw: { width: img.w, height: img.h, channels: 3 } })
  if (overlay) pipeline = pipeline.composite([{ input: Buffer.from(overlay), top: 0, left: 0 }])
  await pipeline.jpeg(JPEG).toFile(file)
}

function composeBeforeAfter(before, after, split) {
  const { w, h } = before
  const out = newImage(w, h)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const useBefore = split === 'v' ? x < w / 2 : y < h / 2
      const src = useBefore ? before.data : after.data
      const i = (y * w + x) * 3
      out.data[i] = src[i]
      out.data[i + 1] = src[i + 1]
      out.data[i + 2] = src[i + 2]
    }
  }
  return out
}

/** Alpha-blends an SVG drawing onto a float image. */
async function paintSvg(img, body) {
  const { w, h } = img
  const { data } = await sharp(Buffer.from(`${svgOpen(w, h)}${body}</svg>`), { density: 72 })
    .resize(w, h, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const d = img.data
  for (let i = 0; i < w * h; i++) {
    const a = data[i * 4 + 3] / 255
    if (a === 0) continue
    d[i * 3] += (data[i * 4] - d[i * 3]) * a
    d[i * 3 + 1] += (data[i * 4 + 1] - d[i * 3 + 1]) * a
    d[i * 3 + 2] += (data[i * 4 + 2] - d[i * 3 + 2]) * a
  }
}

/** Copies `src` into `dst` where mask > 0 (blend by mask). */
function blendInto(dst, src, mask) {
  const a = dst.data
  const b = src.data
  for (let i = 0; i < mask.length; i++) {
    const m = mask[i]
    if (m <= 0) continue
    a[i * 3] += (b[i * 3] - a[i * 3]) * m
    a[i * 3 + 1] += (b[i * 3 + 1] - a[i * 3 + 1]) * m
    a[i * 3 + 2] += (b[i * 3 + 2] - a[i * 3 + 2]) * m
  }
}

/** Piecewise-linear curve through [t, value] keyframes. */
function curve(keys, t) {
  if (t <= keys[0][0]) return keys[0][1]
  for (let i = 1; i < keys.length; i++) {
    if (t <= keys[i][0]) {
      const [t0, v0] = keys[i - 1]
      const [t1, v1] = keys[i]
      return v0 + ((v1 - v0) * (t - t0)) / (t1 - t0)
    }
  }
  return keys[keys.length - 1][1]
}

/** Ground-in dirt: large patches with mid-scale texture, multiplied toward a tint. */
function dirt(
  img,
  rnd,
  { tint, strength = 0.6, scale = 300, threshold = -0.2, softness = 0.6, detail = 0.5, detailScale = 28 },
) {
  const { w, h } = img
  const low = patches(w, h, rnd.seed(), { scale, threshold, softness })
  const n = makeNoise(rnd.seed())
  const mid = field(w, h, 2, (x, y) => fbm(n, x / detailScale, y / detailScale, 3) * 0.5 + 0.5)
  multiplyTint(
    img,
    combine(low, mid, (a, b) => a * (1 - detail + detail * b * 1.3)),
    tint,
    strength,
  )
}

/** Ring stains left by planters. */
function ringStains(w, h, rnd, { count, radius = [60, 110], cx, cy }) {
  const out = new Float32Array(w * h)
  const n = makeNoise(rnd.seed())
  for (let s = 0; s < count; s++) {
    const x0 = cx()
    const y0 = cy()
    const r = rnd.range(radius[0], radius[1])
    for (let y = Math.max(0, Math.floor(y0 - r * 1.3)); y < Math.min(h, Math.ceil(y0 + r * 1.3)); y++) {
      for (let x = Math.max(0, Math.floor(x0 - r * 1.3)); x < Math.min(w, Math.ceil(x0 + r * 1.3)); x++) {
        const d = Math.hypot(x - x0, y - y0) / r + 0.06 * n(x / 20, y / 20)
        const ring = Math.exp(-(((d - 1) / 0.06) ** 2)) * 0.9 + (1 - smoothstep(0.5, 1, d)) * 0.35
        const i = y * w + x
        out[i] = Math.max(out[i], ring * (0.7 + 0.3 * n(x / 9 + 7, y / 9)))
      }
    }
  }
  return out
}

/** Grass texture (for lawn strips). */
function grass(img, mask, rnd, { base = [74, 104, 52] } = {}) {
  const { w, h } = img
  const n = makeNoise(rnd.seed())
  const seed = rnd.seed()
  const d = img.data
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x
      const m = mask[i]
      if (m <= 0) continue
      const blades = n(x / 2.2, y / 9) * 0.5 + (hash01(x, y >> 2, seed) - 0.5) * 0.5
      const clump = fbm(n, x / 60 + 30, y / 60, 3)
      const k = 1 + 0.35 * blades + 0.2 * clump
      d[i * 3] += (base[0] * k * (1 + 0.1 * clump) - d[i * 3]) * m
      d[i * 3 + 1] += (base[1] * k - d[i * 3 + 1]) * m
      d[i * 3 + 2] += (base[2] * k - d[i * 3 + 2]) * m
    }
  }
}

/** Exposed-aggregate concrete: many small rounded pebbles in a cement matrix. */
async function exposedAggregate(
  w,
  h,
  rnd,
  {
    matrix = [170, 164, 152],
    stones = [
      [150, 128, 104],
      [118, 110, 102],
      [196, 184, 164],
      [132, 96, 72],
      [92, 88, 86],
      [214, 206, 190],
    ],
  },
) {
  const { img } = await concrete(w, h, rnd, { color: matrix, aggregate: 0, blotch: 0.04 })
  let body = `<defs><radialGradient id="hl" cx="35%" cy="30%" r="70%"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient></defs>`
  const count = Math.round((w * h) / 330)
  for (let i = 0; i < count; i++) {
    const x = rnd.range(0, w)
    const y = rnd.range(0, h)
    const r = rnd.range(3.5, 10)
    const e = rnd.range(0.6, 1)
    const a = rnd.range(0, 180)
    const c = hex(jitterColor(rnd, rnd.pick(stones), 0.08))
    const el = `cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${r.toFixed(1)}" ry="${(r * e).toFixed(1)}" transform="rotate(${a.toFixed(0)} ${x.toFixed(1)} ${y.toFixed(1)})"`
    body += `<ellipse ${el} fill="${c}"/><ellipse ${el} fill="url(#hl)"/>`
  }
  await paintSvg(img, body)
  return { img }
}

/** A vinyl window frame with glass, painted over a wall. Returns the frame mask. */
async function windowFrame(img, { x, y, w: ww, h: wh, frame = 34, color = '#eeeeea' }) {
  const { w, h } = img
  const body =
    `<defs><linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#56657a"/><stop offset="0.45" stop-color="#2c3442"/><stop offset="0.5" stop-color="#4c5a6e"/><stop offset="1" stop-color="#1f2530"/></linearGradient></defs>` +
    `<rect x="${x - 6}" y="${y - 6}" width="${ww + 12}" height="${wh + 12}" fill="rgba(0,0,0,0.18)"/>` +
    `<rect x="${x}" y="${y}" width="${ww}" height="${wh}" fill="${color}"/>` +
    `<rect x="${x + frame}" y="${y + frame}" width="${ww - frame * 2}" height="${wh - frame * 2}" fill="url(#glass)"/>` +
    `<rect x="${x + frame}" y="${y + wh / 2 - frame / 3}" width="${ww - frame * 2}" height="${(frame * 2) / 3}" fill="${color}"/>` +
    `<rect x="${x + frame}" y="${y + frame}" width="${ww - frame * 2}" height="4" fill="rgba(0,0,0,0.25)"/>`
  await paintSvg(img, body)
  return svgToMask(
    `${svgOpen(w, h)}<rect x="${x}" y="${y}" width="${ww}" height="${wh}" fill="#fff"/><rect x="${x + frame}" y="${y + frame}" width="${ww - frame * 2}" height="${wh - frame * 2}" fill="#000"/><rect x="${x + frame}" y="${y + wh / 2 - frame / 3}" width="${ww - frame * 2}" height="${(frame * 2) / 3}" fill="#fff"/></svg>`,
    w,
    h,
  )
}

const GUTTER_PROFILE = [
  [0, 0.62],
  [0.03, 1.12],
  [0.07, 1.0],
  [0.1, 0.68],
  [0.15, 0.9],
  [0.3, 1.06],
  [0.45, 1.0],
  [0.52, 0.8],
  [0.6, 0.95],
  [0.94, 0.9],
  [0.97, 1.08],
  [1, 0.55],
]

/** Looking up at an eave: sky, roof edge, K-style gutter, shadowed soffit, wall. */
async function gutterScene(
  w,
  h,
  rnd,
  {
    gutterColor = [236, 236, 231],
    roof = 'shingle',
    wall = 'stucco',
    wallColor = [214, 200, 172],
    bands = [0.1, 0.3, 0.52, 0.66],
  },
) {
  const [skyEnd, roofEnd, gutterEnd, soffitEnd] = bands.map((b) => Math.round(b * h))
  const img = newImage(w, h)
  const roofImg =
    roof === 'shingle'
      ? shingles(w, h, rnd, {
          palette: [
            [96, 90, 86],
            [84, 80, 78],
            [106, 98, 90],
          ],
          exposure: 34,
          tabWidth: 150,
          slot: 3,
          thickness: 3,
        }).img
      : clayTiles(w, h, rnd, {
          palette: [
            [176, 92, 58],
            [160, 84, 54],
            [186, 104, 66],
          ],
          tileW: 110,
          rowH: 70,
        }).img
  const wallImg =
    wall === 'stucco'
      ? stucco(w, h, rnd, { color: wallColor }).img
      : lapSiding(w, h, rnd, { color: wallColor, exposure: 90 }).img
  const gutterMask = new Float32Array(w * h)
  const roofMask = new Float32Array(w * h)
  const wallMask = new Float32Array(w * h)
  const soffitMask = new Float32Array(w * h)
  const n = makeNoise(rnd.seed())
  const d = img.data
  const seams = [rnd.range(0.15, 0.3) * w, rnd.range(0.7, 0.9) * w]
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x
      let c
      if (y < skyEnd) {
        const t = y / skyEnd
        c = [lerp(150, 196, t), lerp(186, 214, t), lerp(222, 232, t)]
      } else if (y < roofEnd) {
        c = [roofImg.data[i * 3], roofImg.data[i * 3 + 1], roofImg.data[i * 3 + 2]]
        const t = (y - skyEnd) / (roofEnd - skyEnd)
        const k = y - skyEnd < 6 ? 1.25 : 0.9 + 0.1 * t
        c = c.map((v) => v * k)
        if (roofEnd - y < 8) c = [150, 150, 146] // metal drip edge
        roofMask[i] = 1
      } else if (y < gutterEnd) {
        const v = (y - roofEnd) / (gutterEnd - roofEnd)
        let k = curve(GUTTER_PROFILE, v) * (1 + 0.015 * n(x / 300, v * 3))
        for (const s of seams) if (Math.abs(x - s) < 3) k *= 0.8
        if (Math.abs(x - nearest(seams, x)) < 9 && v > 0.05 && v < 0.95) k *= 0.97 // overlap at a seam
        c = gutterColor.map((cc) => cc * k)
        gutterMask[i] = 1
      } else if (y < soffitEnd) {
        const t = (y - gutterEnd) / (soffitEnd - gutterEnd)
        c = wallColor.map((v) => v * (0.3 + 0.22 * t))
        soffitMask[i] = 1
      } else {
        const t = (y - soffitEnd) / (h - soffitEnd)
        c = [wallImg.data[i * 3], wallImg.data[i * 3 + 1], wallImg.data[i * 3 + 2]].map(
          (v) => v * (0.72 + 0.28 * smoothstep(0, 0.35, t)),
        )
        wallMask[i] = 1
      }
      d[i * 3] = c[0]
      d[i * 3 + 1] = c[1]
      d[i * 3 + 2] = c[2]
    }
  }
  // hanger screws along the gutter top
  let body = ''
  for (let x = rnd.range(60, 200); x < w; x += 300)
    body += `<circle cx="${x}" cy="${roofEnd + (gutterEnd - roofEnd) * 0.2}" r="5" fill="#9a9a96"/><circle cx="${x - 1}" cy="${roofEnd + (gutterEnd - roofEnd) * 0.2 - 1}" r="2" fill="#d8d8d4"/>`
  await paintSvg(img, body)
  return { img, gutterMask, roofMask, wallMask, soffitMask, gutterTop: roofEnd, gutterBottom: gutterEnd }
}
const nearest = (list, x) => list.reduce((a, b) => (Math.abs(x - b) < Math.abs(x - a) ? b : a))

/** Downspout against siding under a gutter. */
async function downspoutScene(w, h, rnd, { color = [236, 236, 231], wallColor = [196, 186, 164] }) {
  const { img: wallImg } = lapSiding(w, h, rnd, { color: wallColor, exposure: 100 })
  const img = cloneImage(wallImg)
  const gTop = Math.round(h * 0.03)
  const gBot = Math.round(h * 0.15)
  const px0 = Math.round(w * 0.4)
  const px1 = Math.round(w * 0.58)
  const pipeMask = new Float32Array(w * h)
  const gutterMask = new Float32Array(w * h)
  const wallMask = new Float32Array(w * h)
  const PIPE = [
    [0, 0.55],
    [0.05, 0.98],
    [0.18, 1.06],
    [0.24, 0.82],
    [0.3, 1.0],
    [0.7, 1.0],
    [0.76, 0.8],
    [0.82, 1.02],
    [0.95, 0.88],
    [1, 0.5],
  ]
  const straps = [0.42, 0.82].map((f) => Math.round(f * h))
  const d = img.data
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x
      if (y < gTop) {
        const k = 0.28 + 0.1 * (y / gTop)
        d[i * 3] *= k
        d[i * 3 + 1] *= k
        d[i * 3 + 2] *= k
        wallMask[i] = 0
      } else if (y < gBot) {
        const k = curve(GUTTER_PROFILE, (y - gTop) / (gBot - gTop))
        d[i * 3] = color[0] * k
        d[i * 3 + 1] = color[1] * k
        d[i * 3 + 2] = color[2] * k
        gutterMask[i] = 1
      } else if (x >= px0 && x < px1) {
        const u = (x - px0) / (px1 - px0)
        let k = curve(PIPE, u)
        for (const s of straps) {
          const dy = y - s
          if (dy > -14 && dy < 14) k *= dy < -11 || dy > 11 ? 0.7 : 1.04
        }
        d[i * 3] = color[0] * k
        d[i * 3 + 1] = color[1] * k
        d[i * 3 + 2] = color[2] * k
        pipeMask[i] = 1
      } else {
        // shadow of pipe on wall (light from upper left) and under the gutter
        let k = 1
        if (x >= px1 && x < px1 + 26) k *= 0.62 + 0.38 * ((x - px1) / 26)
        if (y >= gBot && y < gBot + 40) k *= 0.6 + 0.4 * ((y - gBot) / 40)
        for (const s of straps)
          if (Math.abs(y - s) < 14 && (Math.abs(x - px0) < 40 || Math.abs(x - px1) < 40))
            k *= Math.abs(y - s) > 11 ? 0.75 : 1.08
        d[i * 3] *= k
        d[i * 3 + 1] *= k
        d[i * 3 + 2] *= k
        wallMask[i] = 1
      }
    }
  }
  let body = ''
  for (const s of straps)
    for (const sx of [px0 - 28, px1 + 28]) body += `<circle cx="${sx}" cy="${s}" r="5" fill="#8d8d88"/>`
  await paintSvg(img, body)
  return { img, pipeMask, gutterMask, wallMask, gutterTop: gTop, gutterBottom: gBot, pipeTop: gBot }
}

// ---------------------------------------------------------------------------------------------------------------------
// The samples
// ---------------------------------------------------------------------------------------------------------------------

const SIZES = { '4:3': [1600, 1200], '3:4': [1200, 1600], '1:1': [1440, 1440], '16:10': [1600, 1000] }

const PAL = {
  sierra: [
    [198, 172, 140],
    [176, 154, 128],
    [150, 128, 104],
    [210, 194, 168],
    [128, 110, 94],
  ],
  redBrick: [
    [158, 70, 52],
    [140, 62, 46],
    [170, 84, 60],
    [122, 56, 44],
    [150, 78, 60],
  ],
  clayBrick: [
    [168, 88, 62],
    [150, 80, 58],
    [182, 104, 74],
    [136, 70, 52],
  ],
  travertine: [
    [228, 214, 190],
    [216, 200, 172],
    [234, 224, 206],
    [206, 188, 162],
  ],
  flagstone: [
    [196, 146, 104],
    [180, 126, 90],
    [206, 164, 124],
    [166, 116, 84],
    [188, 150, 120],
  ],
  redwood: [
    [152, 80, 52],
    [166, 92, 60],
    [142, 74, 50],
    [172, 100, 66],
  ],
  cedar: [
    [180, 124, 82],
    [190, 136, 92],
    [168, 112, 74],
    [196, 146, 100],
  ],
  shingle: [
    [112, 102, 94],
    [98, 90, 84],
    [122, 110, 98],
    [86, 80, 76],
  ],
  terracotta: [
    [182, 98, 62],
    [168, 88, 56],
    [194, 112, 72],
    [156, 82, 54],
  ],
  concreteTile: [
    [132, 122, 112],
    [142, 132, 120],
    [122, 114, 106],
    [150, 138, 124],
  ],
}

const greyWeather = (img, rnd, strength = 0.6) => {
  const { w, h } = img
  const mask = patches(w, h, rnd.seed(), { scale: 260, threshold: -0.45, softness: 0.5 })
  const n = makeNoise(rnd.seed())
  const t = field(w, h, 1, (x, y) => 0.75 + 0.25 * n(x / 30, y / 3))
  mixColor(
    img,
    combine(mask, t, (a, b) => a * b),
    [136, 130, 122],
    strength,
  )
}

const algae = (img, rnd, { strength = 0.6, scale = 220, threshold = 0.0, tint = [86, 108, 58] } = {}) =>
  dirt(img, rnd, { tint, strength, scale, threshold, softness: 0.45, detail: 0.6, detailScale: 18 })

const blackMold = (img, rnd, { count = 120, region = () => true, radius = [2, 7], strength = 0.8 } = {}) => {
  const { w, h } = img
  multiplyTint(img, spots(w, h, rnd, { count, radius, region, soft: 0.6 }), [40, 44, 36], strength)
}

const gum = (img, rnd, count, region) => {
  const { w, h } = img
  const m = spots(w, h, rnd, { count, radius: [5, 13], region, soft: 0.3 })
  mixColor(img, m, [78, 76, 72], 0.75)
  const rim = spots(w, h, rnd, { count: Math.round(count / 3), radius: [4, 9], region, soft: 0.5 })
  mixColor(img, rim, [118, 114, 108], 0.5)
}

const leafStains = (img, rnd, count, region = () => true) => {
  const { w, h } = img
  let point = [0, 0]
  const m = stains(w, h, rnd, {
    count,
    cx: () => {
      let guard = 0
      do point = [rnd.range(0, w), rnd.range(0, h)]
      while (!region(point[0], point[1]) && ++guard < 30)
      return point[0]
    },
    cy: () => point[1],
    rx: [14, 34],
    ry: [6, 14],
    edge: 0.3,
  })
  multiplyTint(img, m, [150, 104, 62], 0.7)
}

const gallery = [
  {
    name: 'driveway-01',
    aspect: '4:3',
    surface: (w, h, rnd) =>
      concrete(w, h, rnd, {
        joints: [
          [0.62, 0, 0.58, 1],
          [0, 0.55, 1, 0.6],
        ],
        broom: 0.02,
      }),
    dirty: (img, m, w, h, rnd) => {
      dirt(img, rnd, { tint: [140, 134, 120], strength: 0.7, scale: 380, threshold: -0.35, detail: 0.6 })
      const oil = stains(w, h, rnd, {
        count: 6,
        cx: () => rnd.range(w * 0.15, w * 0.5),
        cy: () => rnd.range(h * 0.3, h * 0.85),
        rx: [60, 170],
        ry: [40, 120],
      })
      multiplyTint(img, oil, [60, 54, 48], 0.85)
      const drips = stains(w, h, rnd, {
        count: 24,
        cx: () => rnd.range(w * 0.1, w * 0.55),
        cy: () => rnd.range(h * 0.3, h * 0.85),
        rx: [8, 26],
        ry: [6, 20],
      })
      multiplyTint(img, drips, [54, 48, 42], 0.7)
      multiplyTint(img, edgeFade(w, h, { from: 'bottom', size: 0.25, noiseSeed: rnd.seed() }), [96, 104, 72], 0.45)
      multiplyTint(img, m.jointMask, [30, 34, 20], 0.8)
      grade(img, { saturation: 0.85, contrast: 0.92, brightness: 0.92 })
    },
  },
  {
    name: 'house-01',
    aspect: '3:4',
    surface: async (w, h, rnd) => {
      const { img } = stucco(w, h, rnd, { color: [224, 210, 182] })
      // eave shadow along the top and a window on the right
      await paintSvg(
        img,
        `<defs><linearGradient id="e" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient></defs><rect width="${w}" height="${h * 0.07}" fill="url(#e)"/>`,
      )
      const frameMask = await windowFrame(img, { x: w * 0.5, y: h * 0.22, w: w * 0.42, h: h * 0.62 })
      return { img, frameMask }
    },
    dirty: (img, m, w, h, rnd) => {
      const runoff = streaks(w, h, rnd.seed(), { density: 0.35, width: 9, length: h * 0.5, top: () => h * 0.02 })
      multiplyTint(img, runoff, [120, 112, 96], 0.7)
      const sill = streaks(w, h, rnd.seed(), { density: 0.5, width: 5, length: h * 0.25, top: () => h * 0.84 })
      multiplyTint(
        img,
        combine(sill, new Float32Array(w * h), (a, _b, i) => (i % w > w * 0.5 && i % w < w * 0.92 ? a : 0)),
        [110, 104, 90],
        0.7,
      )
      algae(img, rnd, { strength: 0.45, threshold: 0.1 })
      dirt(img, rnd, { tint: [176, 166, 146], strength: 0.6, threshold: -0.5, scale: 420 })
      mixColor(img, m.frameMask, [176, 172, 160], 0.35)
      blackMold(img, rnd, { count: 90 })
      grade(img, { saturation: 0.85, brightness: 0.94, contrast: 0.94 })
    },
  },
  {
    name: 'pavers-01',
    aspect: '1:1',
    surface: (w, h, rnd) =>
      tiled(w, h, rnd, {
        pieces: herringbone(w, h, { unit: 56, gap: 6 }),
        palette: PAL.sierra,
        jointColor: [188, 174, 148],
      }),
    dirty: (img, m, w, h, rnd) => {
      const n = makeNoise(rnd.seed())
      const joints = combine(
        m.jointMask,
        field(w, h, 2, (x, y) => fbm(n, x / 40, y / 40, 3) * 0.5 + 0.6),
        (a, b) => a * b,
      )
      multiplyTint(img, joints, [40, 48, 30], 1)
      algae(img, rnd, { strength: 0.6, threshold: -0.1, tint: [92, 100, 70] })
      dirt(img, rnd, { tint: [120, 114, 104], strength: 0.7, threshold: -0.4 })
      blackMold(img, rnd, { count: 260 })
      grade(img, { saturation: 0.8, brightness: 0.92, contrast: 0.92 })
    },
  },
  {
    name: 'deck-01',
    aspect: '16:10',
    surface: (w, h, rnd) => boards(w, h, rnd, { palette: PAL.redwood, boardWidth: 128 }),
    dirty: (img, m, w, h, rnd) => {
      greyWeather(img, rnd, 0.7)
      algae(img, rnd, { strength: 0.4, threshold: 0.15 })
      blackMold(img, rnd, { count: 200, radius: [2, 6] })
      multiplyTint(img, m.gapMask, [30, 30, 26], 0.6)
      grade(img, { saturation: 0.75, brightness: 0.95, contrast: 0.92 })
    },
  },
  {
    name: 'driveway-02',
    aspect: '16:10',
    surface: (w, h, rnd) =>
      concrete(w, h, rnd, {
        color: [180, 174, 162],
        joints: [
          [0.5, 0, 0.5, 1],
          [0, 0.5, 1, 0.5],
        ].slice(1),
        broom: 0.03,
        broomAngle: 0.05,
      }),
    dirty: (img, m, w, h, rnd) => {
      const n = makeNoise(rnd.seed())
      const tracks = field(w, h, 2, (x, y) => {
        const c1 = w * 0.14 + 15 * Math.sin(y / 300)
        const c2 = w * 0.38 + 15 * Math.sin(y / 280 + 1)
        const dx = Math.min(Math.abs(x - c1), Math.abs(x - c2))
        return (1 - smoothstep(50, 110, dx)) * (0.6 + 0.4 * fbm(n, x / 40, y / 40, 3))
      })
      multiplyTint(img, tracks, [96, 92, 88], 0.7)
      dirt(img, rnd, { tint: [135, 128, 115], strength: 0.7, threshold: -0.25 })
      const rust = stains(w, h, rnd, {
        count: 3,
        cx: () => rnd.range(w * 0.05, w * 0.45),
        cy: () => rnd.range(h * 0.1, h * 0.9),
        rx: [40, 80],
        ry: [30, 60],
      })
      multiplyTint(img, rust, [176, 116, 74], 0.6)
      multiplyTint(img, m.jointMask, [25, 28, 18], 0.9)
      grade(img, { saturation: 0.85, contrast: 0.9, brightness: 0.92 })
    },
  },
  {
    name: 'sidewalk-02',
    aspect: '3:4',
    surface: (w, h, rnd) =>
      concrete(w, h, rnd, {
        color: [186, 182, 172],
        joints: [
          [0, 0.3, 1, 0.3],
          [0, 0.78, 1, 0.78],
        ],
        broom: 0.05,
        broomAngle: Math.PI / 2,
      }),
    dirty: (img, m, w, h, rnd) => {
      dirt(img, rnd, { tint: [130, 126, 114], strength: 0.7, threshold: -0.3 })
      leafStains(img, rnd, 40)
      multiplyTint(img, edgeFade(w, h, { from: 'left', size: 0.18, noiseSeed: rnd.seed() }), [80, 96, 56], 0.6)
      multiplyTint(img, m.jointMask, [30, 36, 20], 0.9)
      grade(img, { saturation: 0.85, contrast: 0.92, brightness: 0.93 })
    },
  },
  {
    name: 'pavers-02',
    aspect: '4:3',
    surface: (w, h, rnd) =>
      tiled(w, h, rnd, {
        pieces: runningBond(w, h, { unitW: 200, unitH: 100, gap: 6 }),
        palette: PAL.redBrick,
        jointColor: [184, 168, 140],
        texture: 0.06,
      }),
    dirty: (img, m, w, h, rnd) => {
      multiplyTint(img, m.jointMask, [44, 54, 32], 0.95)
      algae(img, rnd, { strength: 0.55, threshold: -0.15, tint: [80, 92, 60] })
      dirt(img, rnd, { tint: [128, 122, 114], strength: 0.6, threshold: -0.3 })
      blackMold(img, rnd, { count: 180 })
      grade(img, { saturation: 0.75, brightness: 0.96, contrast: 0.92 })
    },
  },
  {
    name: 'pavers-03',
    aspect: '3:4',
    surface: async (w, h, rnd) => {
      const t = await tiled(w, h, rnd, {
        pieces: ashlar(w, h, { rnd, rowHeights: [180, 270, 360], widths: [180, 270, 360], gap: 5 }),
        palette: PAL.travertine,
        jointColor: [206, 196, 176],
        colorJitter: 0.025,
        texture: 0.03,
        speckle: 0,
        bevel: 0.2,
        rx: 2,
      })
      const n = makeNoise(rnd.seed())
      modulate(
        t.img,
        field(w, h, 2, (x, y) => Math.max(0, 0.7 - Math.abs(fbm(n, x / 320, y / 70, 2)) * 5) - 0.1),
        -0.06,
      )
      multiplyTint(t.img, spots(w, h, rnd, { count: 420, radius: [1.5, 4], soft: 0.5 }), [150, 138, 120], 0.6)
      return t
    },
    dirty: (img, m, w, h, rnd) => {
      dirt(img, rnd, { tint: [150, 142, 128], strength: 0.7, threshold: -0.35 })
      blackMold(img, rnd, { count: 300, radius: [2, 6] })
      leafStains(img, rnd, 22)
      multiplyTint(img, m.jointMask, [60, 62, 50], 0.8)
      grade(img, { saturation: 0.85, brightness: 0.93, contrast: 0.93 })
    },
  },
  {
    name: 'patio-01',
    aspect: '1:1',
    surface: (w, h, rnd) => flagstone(w, h, rnd, { palette: PAL.flagstone, jointColor: [120, 118, 110], cell: 230 }),
    dirty: (img, m, w, h, rnd) => {
      const n = makeNoise(rnd.seed())
      multiplyTint(
        img,
        combine(
          m.jointMask,
          field(w, h, 2, (x, y) => fbm(n, x / 30, y / 30, 3) * 0.5 + 0.6),
          (a, b) => a * b,
        ),
        [50, 70, 34],
        1,
      )
      algae(img, rnd, { strength: 0.55, threshold: 0.0 })
      dirt(img, rnd, { tint: [118, 110, 100], strength: 0.7, threshold: -0.35 })
      blackMold(img, rnd, { count: 240, radius: [2, 8] })
      grade(img, { saturation: 0.78, brightness: 0.9, contrast: 0.92 })
    },
  },
  {
    name: 'patio-02',
    aspect: '4:3',
    surface: (w, h, rnd) =>
      concrete(w, h, rnd, {
        color: [192, 186, 174],
        joints: [
          [0.3, 0, 0.3, 1],
          [0, 0.45, 1, 0.45],
        ],
        broom: 0,
        aggregate: 0.3,
        blotch: 0.05,
      }),
    dirty: (img, m, w, h, rnd) => {
      const rings = ringStains(w, h, rnd, {
        count: 3,
        cx: () => rnd.range(w * 0.1, w * 0.42),
        cy: () => rnd.range(h * 0.15, h * 0.85),
      })
      multiplyTint(img, rings, [150, 100, 66], 0.75)
      const grease = stains(w, h, rnd, {
        count: 5,
        cx: () => rnd.range(w * 0.05, w * 0.45),
        cy: () => rnd.range(h * 0.1, h * 0.9),
        rx: [30, 90],
        ry: [20, 60],
      })
      multiplyTint(img, grease, [90, 80, 70], 0.7)
      algae(img, rnd, { strength: 0.4, threshold: 0.1 })
      dirt(img, rnd, { tint: [140, 132, 120], strength: 0.6, threshold: -0.4 })
      leafStains(img, rnd, 20)
      multiplyTint(img, m.jointMask, [30, 34, 22], 0.9)
      grade(img, { saturation: 0.85, brightness: 0.92, contrast: 0.92 })
    },
  },
  {
    name: 'walkway-01',
    aspect: '3:4',
    surface: (w, h, rnd) =>
      tiled(w, h, rnd, {
        pieces: basketWeave(w, h, { unit: 100, gap: 6 }),
        palette: PAL.clayBrick,
        jointColor: [176, 160, 134],
        texture: 0.06,
      }),
    dirty: (img, m, w, h, rnd) => {
      const n = makeNoise(rnd.seed())
      multiplyTint(
        img,
        combine(
          m.jointMask,
          field(w, h, 2, (x, y) => fbm(n, x / 25, y / 25, 3) * 0.5 + 0.7),
          (a, b) => a * b,
        ),
        [46, 66, 30],
        1,
      )
      algae(img, rnd, { strength: 0.6, threshold: -0.2, tint: [84, 98, 60] })
      dirt(img, rnd, { tint: [112, 106, 100], strength: 0.7, threshold: -0.4 })
      blackMold(img, rnd, { count: 160 })
      grade(img, { saturation: 0.78, brightness: 0.9, contrast: 0.92 })
    },
  },
  {
    name: 'walkway-02',
    aspect: '16:10',
    surface: async (w, h, rnd) => {
      const { img } = await exposedAggregate(w, h, rnd, {})
      const lawn = mapMask(new Float32Array(w * h), (_v, i) => {
        const y = Math.floor(i / w)
        return y < h * 0.14 || y > h * 0.86 ? 1 : 0
      })
      grass(img, lawn, rnd)
      const edge = mapMask(new Float32Array(w * h), (_v, i) => {
        const y = Math.floor(i / w)
        return Math.exp(-(((y - h * 0.14) / 8) ** 2)) + Math.exp(-(((y - h * 0.86) / 8) ** 2))
      })
      multiplyTint(img, edge, [60, 60, 60], 0.6)
      return { img, lawn }
    },
    dirty: (img, m, w, h, rnd) => {
      const walk = mapMask(m.lawn, (v) => 1 - v)
      const before = cloneImage(img)
      dirt(before, rnd, { tint: [110, 108, 96], strength: 0.8, threshold: -0.35 })
      algae(before, rnd, { strength: 0.5, threshold: 0.0, tint: [70, 90, 48] })
      multiplyTint(before, edgeFade(w, h, { from: 'top', size: 0.26, noiseSeed: rnd.seed() }), [70, 92, 50], 0.7)
      multiplyTint(before, edgeFade(w, h, { from: 'bottom', size: 0.26, noiseSeed: rnd.seed() }), [70, 92, 50], 0.7)
      blendInto(img, before, walk)
      grade(img, { saturation: 0.85, brightness: 0.93, contrast: 0.94 })
    },
  },
  {
    name: 'house-02',
    aspect: '4:3',
    surface: async (w, h, rnd) => {
      const { img } = lapSiding(w, h, rnd, { color: [206, 214, 214], exposure: 104 })
      await paintSvg(
        img,
        `<rect x="${w * 0.06}" y="0" width="${w * 0.07}" height="${h}" fill="#f1f1ec"/><rect x="${w * 0.13}" y="0" width="10" height="${h}" fill="rgba(0,0,0,0.16)"/><rect x="${w * 0.06}" y="0" width="4" height="${h}" fill="rgba(255,255,255,0.6)"/>`,
      )
      const trim = await svgToMask(
        `${svgOpen(w, h)}<rect x="${w * 0.06}" y="0" width="${w * 0.07}" height="${h}" fill="#fff"/></svg>`,
        w,
        h,
      )
      return { img, trim }
    },
    dirty: (img, m, w, h, rnd) => {
      algae(img, rnd, { strength: 0.75, threshold: -0.15, tint: [92, 118, 58], scale: 260 })
      multiplyTint(img, edgeFade(w, h, { from: 'bottom', size: 0.45, noiseSeed: rnd.seed() }), [100, 124, 66], 0.6)
      const runs = streaks(w, h, rnd.seed(), { density: 0.3, width: 6, length: h * 0.6, top: () => 0 })
      multiplyTint(img, runs, [130, 130, 116], 0.6)
      mixColor(
        img,
        combine(m.trim, patches(w, h, rnd.seed(), { scale: 120, threshold: -0.1 }), (a, b) => a * b),
        [150, 160, 118],
        0.4,
      )
      grade(img, { saturation: 0.95, brightness: 0.93, contrast: 0.94 })
    },
  },
  {
    name: 'roof-01',
    aspect: '16:10',
    surface: (w, h, rnd) => shingles(w, h, rnd, { palette: PAL.shingle, exposure: 72, tabWidth: 180 }),
    dirty: (img, m, w, h, rnd) => {
      const black = streaks(w, h, rnd.seed(), {
        density: 0.45,
        width: 14,
        length: h * 1.1,
        top: (x) => -h * 0.1 + Math.sin(x / 200) * 30,
      })
      multiplyTint(img, black, [40, 40, 40], 0.85)
      const moss = combine(
        patches(w, h, rnd.seed(), { scale: 160, threshold: 0.25, softness: 0.15 }),
        m.rowMask,
        (a, b) => a * smoothstep(0.55, 1, b),
      )
      const n = makeNoise(rnd.seed())
      mixColor(
        img,
        combine(
          moss,
          field(w, h, 1, (x, y) => n(x / 3, y / 3) * 0.5 + 0.6),
          (a, b) => a * b,
        ),
        [96, 122, 54],
        0.9,
      )
      dirt(img, rnd, { tint: [120, 118, 110], strength: 0.5, threshold: -0.3 })
      grade(img, { saturation: 0.9, brightness: 0.93 })
    },
  },
  {
    name: 'roof-02',
    aspect: '4:3',
    surface: (w, h, rnd) => clayTiles(w, h, rnd, { palette: PAL.terracotta }),
    dirty: (img, m, w, h, rnd) => {
      const black = streaks(w, h, rnd.seed(), { density: 0.4, width: 10, length: h * 0.9, top: () => -40 })
      multiplyTint(img, black, [50, 46, 42], 0.8)
      const n = makeNoise(rnd.seed())
      const moss = combine(
        m.troughMask,
        patches(w, h, rnd.seed(), { scale: 140, threshold: -0.05, softness: 0.2 }),
        (a, b) => smoothstep(0.4, 0.9, a) * b,
      )
      mixColor(
        img,
        combine(
          moss,
          field(w, h, 1, (x, y) => n(x / 3, y / 3) * 0.4 + 0.7),
          (a, b) => a * b,
        ),
        [92, 110, 52],
        0.85,
      )
      const lichen = spots(w, h, rnd, { count: 160, radius: [6, 16], soft: 0.5 })
      mixColor(img, lichen, [186, 190, 160], 0.55)
      dirt(img, rnd, { tint: [120, 112, 100], strength: 0.55, threshold: -0.3 })
      grade(img, { saturation: 0.75, brightness: 0.92 })
    },
  },
  {
    name: 'roof-03',
    aspect: '1:1',
    surface: (w, h, rnd) =>
      shingles(w, h, rnd, {
        palette: PAL.concreteTile,
        exposure: 150,
        tabWidth: 290,
        slot: 4,
        thickness: 12,
        smooth: true,
      }),
    dirty: (img, m, w, h, rnd) => {
      const n = makeNoise(rnd.seed())
      const moss = combine(
        patches(w, h, rnd.seed(), { scale: 180, threshold: -0.05, softness: 0.2 }),
        m.rowMask,
        (a, b) => a * (0.4 + 0.6 * smoothstep(0.5, 1, b)),
      )
      mixColor(
        img,
        combine(
          moss,
          field(w, h, 1, (x, y) => n(x / 3.5, y / 3.5) * 0.45 + 0.6),
          (a, b) => a * b,
        ),
        [98, 118, 50],
        0.9,
      )
      const black = streaks(w, h, rnd.seed(), { density: 0.35, width: 12, length: h, top: () => -20 })
      multiplyTint(img, black, [60, 58, 54], 0.7)
      dirt(img, rnd, { tint: [110, 106, 96], strength: 0.6, threshold: -0.35 })
      grade(img, { saturation: 0.85, brightness: 0.92 })
    },
  },
  {
    name: 'gutter-01',
    aspect: '16:10',
    surface: (w, h, rnd) => gutterScene(w, h, rnd, {}),
    dirty: (img, m, w, h, rnd) => gutterGrime(img, m, w, h, rnd),
  },
  {
    name: 'gutter-02',
    aspect: '4:3',
    surface: (w, h, rnd) =>
      gutterScene(w, h, rnd, {
        gutterColor: [214, 198, 168],
        roof: 'tile',
        wall: 'stucco',
        wallColor: [226, 214, 190],
        bands: [0.06, 0.28, 0.5, 0.62],
      }),
    dirty: (img, m, w, h, rnd) => gutterGrime(img, m, w, h, rnd, { algae: true }),
  },
  {
    name: 'gutter-03',
    aspect: '3:4',
    surface: (w, h, rnd) => downspoutScene(w, h, rnd, {}),
    dirty: (img, m, w, h, rnd) => {
      const stripes = streaks(w, h, rnd.seed(), {
        density: 0.5,
        width: 4,
        length: (m.gutterBottom - m.gutterTop) * 1.2,
        top: () => m.gutterTop + 6,
      })
      multiplyTint(
        img,
        combine(stripes, m.gutterMask, (a, b) => a * b),
        [86, 84, 80],
        0.85,
      )
      const pipe = streaks(w, h, rnd.seed(), { density: 0.55, width: 4, length: h * 0.9, top: () => m.pipeTop })
      multiplyTint(
        img,
        combine(pipe, m.pipeMask, (a, b) => a * b),
        [96, 94, 88],
        0.8,
      )
      const wall = new Float32Array(w * h).fill(1)
      algae(img, rnd, { strength: 0.6, threshold: -0.1, tint: [96, 118, 62] })
      multiplyTint(
        img,
        combine(wall, m.wallMask, (a, b) => a * b),
        [176, 170, 156],
        0.5,
      )
      grade(img, { saturation: 0.9, brightness: 0.94 })
    },
  },
  {
    name: 'deck-02',
    aspect: '1:1',
    surface: (w, h, rnd) => boards(w, h, rnd, { orientation: 'v', palette: PAL.cedar, boardWidth: 140, joists: 300 }),
    dirty: (img, m, w, h, rnd) => {
      algae(img, rnd, { strength: 0.7, threshold: -0.1, tint: [86, 104, 56] })
      greyWeather(img, rnd, 0.45)
      blackMold(img, rnd, { count: 260, radius: [2, 7] })
      leafStains(img, rnd, 26)
      multiplyTint(img, m.gapMask, [20, 24, 16], 0.6)
      grade(img, { saturation: 0.8, brightness: 0.92, contrast: 0.92 })
    },
  },
  {
    name: 'fence-01',
    aspect: '3:4',
    surface: (w, h, rnd) =>
      boards(w, h, rnd, {
        orientation: 'v',
        palette: PAL.cedar,
        boardWidth: 150,
        gap: 5,
        joists: 520,
        gapColor: [28, 24, 18],
        grainScale: 1.1,
      }),
    dirty: (img, m, w, h, rnd) => {
      greyWeather(img, rnd, 0.75)
      algae(img, rnd, { strength: 0.5, threshold: 0.05, tint: [90, 108, 62] })
      blackMold(img, rnd, { count: 220 })
      grade(img, { saturation: 0.7, brightness: 0.95, contrast: 0.92 })
    },
  },
  {
    name: 'commercial-01',
    aspect: '4:3',
    surface: async (w, h, rnd) => {
      const c = await concrete(w, h, rnd, {
        color: [190, 186, 178],
        joints: [
          [0.25, 0, 0.25, 1],
          [0.75, 0, 0.75, 1],
          [0, 0.5, 1, 0.5],
        ],
        broom: 0.03,
        broomAngle: Math.PI / 2,
      })
      return c
    },
    dirty: (img, m, w, h, rnd) => {
      const n = makeNoise(rnd.seed())
      const traffic = field(
        w,
        h,
        4,
        (x, y) =>
          (1 - smoothstep(120, 380, Math.abs(x - (w * 0.25 + (y - h / 2) * 0.25)))) *
          (0.7 + 0.3 * fbm(n, x / 60, y / 60, 3)),
      )
      multiplyTint(img, traffic, [110, 104, 96], 0.7)
      dirt(img, rnd, { tint: [140, 134, 124], strength: 0.6, threshold: -0.35 })
      gum(img, rnd, 140, (x) => x < w * 0.5)
      const spill = stains(w, h, rnd, {
        count: 4,
        cx: () => rnd.range(w * 0.05, w * 0.45),
        cy: () => rnd.range(h * 0.1, h * 0.9),
        rx: [40, 110],
        ry: [30, 80],
      })
      multiplyTint(img, spill, [120, 104, 86], 0.7)
      multiplyTint(img, m.jointMask, [30, 30, 26], 0.9)
      grade(img, { saturation: 0.85, brightness: 0.92, contrast: 0.92 })
    },
  },
  {
    name: 'commercial-02',
    aspect: '16:10',
    surface: async (w, h, rnd) => {
      const c = await concrete(w, h, rnd, { color: [176, 172, 164], joints: [[0, 0.7, 1, 0.72]], broom: 0.02 })
      const paint = await svgToMask(
        `${svgOpen(w, h)}<rect x="${w * 0.1}" y="0" width="${w * 0.05}" height="${h}" fill="#fff"/><rect x="${w * 0.85}" y="0" width="${w * 0.05}" height="${h}" fill="#fff"/></svg>`,
        w,
        h,
        0.8,
      )
      const n = makeNoise(rnd.seed())
      mixColor(
        c.img,
        combine(
          paint,
          field(w, h, 1, (x, y) => 0.85 + 0.15 * n(x / 3, y / 3)),
          (a, b) => a * b,
        ),
        [232, 186, 46],
        1,
      )
      return { ...c, paint }
    },
    dirty: (img, m, w, h, rnd) => {
      const oil = stains(w, h, rnd, {
        count: 5,
        cx: () => rnd.range(w * 0.22, w * 0.45),
        cy: () => rnd.range(h * 0.2, h * 0.7),
        rx: [60, 160],
        ry: [40, 110],
      })
      multiplyTint(img, oil, [56, 50, 44], 0.85)
      const drips = stains(w, h, rnd, {
        count: 30,
        cx: () => rnd.range(w * 0.2, w * 0.48),
        cy: () => rnd.range(h * 0.15, h * 0.8),
        rx: [8, 22],
        ry: [6, 18],
      })
      multiplyTint(img, drips, [52, 46, 40], 0.7)
      dirt(img, rnd, { tint: [124, 118, 108], strength: 0.75, threshold: -0.3 })
      gum(img, rnd, 40, (x) => x < w * 0.5)
      mixColor(img, m.paint, [150, 134, 96], 0.35)
      multiplyTint(img, m.jointMask, [30, 30, 26], 0.9)
      grade(img, { saturation: 0.85, brightness: 0.9, contrast: 0.92 })
    },
  },
  {
    name: 'sidewalk-01',
    aspect: '1:1',
    surface: (w, h, rnd) =>
      concrete(w, h, rnd, {
        color: [188, 184, 174],
        joints: [
          [0.22, 0, 0.22, 1],
          [0.8, 0, 0.8, 1],
        ],
        broom: 0.05,
        broomAngle: Math.PI / 2,
      }),
    dirty: (img, m, w, h, rnd) => {
      dirt(img, rnd, { tint: [128, 124, 112], strength: 0.75, threshold: -0.3 })
      gum(img, rnd, 90, (x) => x < w * 0.5)
      leafStains(img, rnd, 24, (x) => x < w * 0.5)
      multiplyTint(img, edgeFade(w, h, { from: 'bottom', size: 0.2, noiseSeed: rnd.seed() }), [86, 100, 60], 0.5)
      multiplyTint(img, m.jointMask, [30, 34, 22], 0.9)
      grade(img, { saturation: 0.85, brightness: 0.92, contrast: 0.92 })
    },
  },
]

function gutterGrime(img, m, w, h, rnd, { algae: withAlgae = false } = {}) {
  const gh = m.gutterBottom - m.gutterTop
  const stripes = streaks(w, h, rnd.seed(), {
    density: 0.55,
    width: 5,
    length: gh * 1.15,
    top: () => m.gutterTop + gh * 0.05,
  })
  multiplyTint(
    img,
    combine(stripes, m.gutterMask, (a, b) => a * b),
    [92, 90, 86],
    0.9,
  )
  mixColor(img, m.gutterMask, [186, 182, 170], 0.25)
  if (withAlgae) {
    const a = patches(w, h, rnd.seed(), { scale: 120, threshold: 0.1, softness: 0.3 })
    multiplyTint(
      img,
      combine(a, m.gutterMask, (x, y) => x * y),
      [110, 130, 70],
      0.6,
    )
  }
  // leaves and twigs poking over the gutter lip
  const debris = stains(w, h, rnd, {
    count: 46,
    cx: () => rnd.range(0, w * 0.5),
    cy: () => m.gutterTop - rnd.range(2, 22),
    rx: [12, 30],
    ry: [5, 10],
    edge: 0.25,
  })
  mixColor(img, debris, [104, 78, 44], 0.85)
  const moss = combine(
    patches(w, h, rnd.seed(), { scale: 100, threshold: 0.1, softness: 0.2 }),
    m.roofMask,
    (a, b) => a * b,
  )
  mixColor(img, moss, [84, 104, 48], 0.6)
  multiplyTint(
    img,
    combine(patches(w, h, rnd.seed(), { scale: 140, threshold: -0.2, softness: 0.6 }), m.soffitMask, (a, b) => a * b),
    [120, 118, 112],
    0.5,
  )
  const wallRuns = streaks(w, h, rnd.seed(), { density: 0.3, width: 8, length: h * 0.4, top: () => m.gutterBottom })
  multiplyTint(
    img,
    combine(wallRuns, m.wallMask, (a, b) => a * b),
    [120, 114, 100],
    0.6,
  )
  grade(img, { saturation: 0.9, brightness: 0.95 })
}

// Clean service images ------------------------------------------------------------------------------------------------

const services = [
  {
    name: 'concrete-sealing',
    render: async (w, h, rnd) => {
      const { img } = await tiled(w, h, rnd, {
        pieces: herringbone(w, h, { unit: 60, gap: 6 }),
        palette: PAL.sierra,
        jointColor: [192, 178, 152],
      })
      grade(img, { saturation: 1.25, contrast: 1.1, brightness: 0.95 })
      // wet-look sealer sheen
      await paintSvg(
        img,
        `<defs><radialGradient id="s" cx="62%" cy="30%" r="55%"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><rect width="${w}" height="${h}" fill="url(#s)"/>`,
      )
      return img
    },
  },
  {
    name: 'full-house',
    render: async (w, h, rnd) => {
      const { img } = lapSiding(w, h, rnd, { color: [222, 216, 200], exposure: 100 })
      await paintSvg(
        img,
        `<rect x="${w * 0.04}" y="0" width="${w * 0.065}" height="${h}" fill="#f4f3ee"/><rect x="${w * 0.105}" y="0" width="10" height="${h}" fill="rgba(0,0,0,0.15)"/>`,
      )
      await windowFrame(img, { x: w * 0.42, y: h * 0.16, w: w * 0.4, h: h * 0.62 })
      return img
    },
  },
  {
    name: 'driveway',
    render: async (w, h, rnd) =>
      (
        await concrete(w, h, rnd, {
          joints: [
            [0.5, 0, 0.47, 1],
            [0, 0.6, 1, 0.64],
          ],
          broom: 0.025,
        })
      ).img,
  },
  {
    name: 'patio',
    render: async (w, h, rnd) =>
      flagstone(w, h, rnd, { palette: PAL.flagstone, jointColor: [132, 128, 118], cell: 240 }).img,
  },
  {
    name: 'commercial',
    render: async (w, h, rnd) => {
      const { img } = await concrete(w, h, rnd, {
        color: [194, 190, 182],
        joints: [
          [0, 0.42, 1, 0.42],
          [0.5, 0, 0.5, 0.8],
        ],
        broom: 0.04,
        broomAngle: Math.PI / 2,
      })
      const curb = await svgToMask(
        `${svgOpen(w, h)}<rect x="0" y="${h * 0.8}" width="${w}" height="${h * 0.2}" fill="#fff"/></svg>`,
        w,
        h,
      )
      mixColor(img, curb, [236, 192, 52], 0.9)
      await paintSvg(
        img,
        `<rect x="0" y="${h * 0.8}" width="${w}" height="10" fill="rgba(255,255,255,0.35)"/><rect x="0" y="${h * 0.8 - 6}" width="${w}" height="6" fill="rgba(0,0,0,0.25)"/>`,
      )
      return img
    },
  },
  {
    name: 'deck-fence',
    render: async (w, h, rnd) => (await boards(w, h, rnd, { palette: PAL.cedar, boardWidth: 132 })).img,
  },
  { name: 'roof', render: async (w, h, rnd) => clayTiles(w, h, rnd, { palette: PAL.terracotta }).img },
  { name: 'gutter', render: async (w, h, rnd) => (await gutterScene(w, h, rnd, {})).img },
  { name: 'epoxy', render: async (w, h, rnd) => epoxy(w, h, rnd, {}).img },
]

// Hero ----------------------------------------------------------------------------------------------------------------

async function renderHero() {
  const w = 1920
  const h = 1080
  const rnd = makeRandom(hashString('hero'))
  const horizon = 640
  const n = makeNoise(rnd.seed())
  // far tree line
  let trees = `M0 ${horizon}`
  for (let x = 0; x <= w; x += 16)
    trees += ` L${x} ${(horizon - 28 - 70 * (fbm(n, x / 200, 0.5, 5) * 0.5 + 0.5) ** 1.5).toFixed(1)}`
  trees += ` L${w} ${horizon} Z`
  const windows = [
    [1120, 595, 150, 100],
    [1360, 595, 200, 100],
  ]
  const win = windows
    .map(
      ([x, y, ww, wh]) =>
        `<rect x="${x - 8}" y="${y - 8}" width="${ww + 16}" height="${wh + 16}" fill="#d8d2c6" opacity="0.35"/>` +
        `<rect x="${x}" y="${y}" width="${ww}" height="${wh}" fill="url(#lit)"/>` +
        `<rect x="${x + ww / 2 - 3}" y="${y}" width="6" height="${wh}" fill="#4a3a2c"/><rect x="${x}" y="${y + wh / 2 - 3}" width="${ww}" height="6" fill="#4a3a2c"/>` +
        `<ellipse cx="${x + ww / 2}" cy="${y + wh / 2}" rx="${ww * 1.6}" ry="${wh * 1.6}" fill="url(#glow)"/>`,
    )
    .join('')
  let roofLines = ''
  for (let y = 410; y < 545; y += 14) {
    const t = (y - 400) / 140
    roofLines += `<line x1="${760 - 280 * t}" y1="${y}" x2="${1460 + 280 * t}" y2="${y}" stroke="#000" stroke-opacity="0.25" stroke-width="2"/>`
  }
  let panels = ''
  for (let r = 1; r < 4; r++)
    panels += `<rect x="600" y="${600 + r * 40 - 2}" width="380" height="4" fill="#000" opacity="0.25"/>`
  const svg = `${svgOpen(w, h)}
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0a1222"/><stop offset="0.35" stop-color="#162238"/><stop offset="0.52" stop-color="#2f3550"/><stop offset="0.6" stop-color="#6a4e4a"/><stop offset="0.64" stop-color="#8a5e44"/>
    </linearGradient>
    <linearGradient id="lit" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffd890"/><stop offset="1" stop-color="#e3913e"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="#ffb45a" stop-opacity="0.28"/><stop offset="1" stop-color="#ffb45a" stop-opacity="0"/></radialGradient>
    <radialGradient id="porch"><stop offset="0" stop-color="#ffd7a0" stop-opacity="0.9"/><stop offset="0.15" stop-color="#ffb45a" stop-opacity="0.35"/><stop offset="1" stop-color="#ffb45a" stop-opacity="0"/></radialGradient>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3c3530"/><stop offset="1" stop-color="#5a4f45"/></linearGradient>
    <linearGradient id="drive" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5a5754"/><stop offset="1" stop-color="#8a8680"/></linearGradient>
    <linearGradient id="lawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1c2a1c"/><stop offset="1" stop-color="#2a3e26"/></linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <path d="${trees}" fill="#0e1712"/>
  <rect x="0" y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#lawn)"/>
  <rect x="520" y="530" width="1200" height="232" fill="url(#wall)"/>
  <polygon points="470,545 760,398 1460,398 1770,545" fill="#2e2220"/>
  ${roofLines}
  <rect x="470" y="540" width="1300" height="10" fill="#1e1614"/>
  <rect x="520" y="550" width="1200" height="26" fill="#000" opacity="0.28"/>
  <rect x="600" y="600" width="380" height="162" fill="#6b635b"/>
  ${panels}
  <rect x="600" y="600" width="380" height="14" fill="#000" opacity="0.3"/>
  <rect x="1020" y="606" width="62" height="156" fill="#3a2a20"/>
  ${win}
  <circle cx="1000" cy="628" r="5" fill="#ffe2b0"/>
  <ellipse cx="1000" cy="650" rx="160" ry="150" fill="url(#porch)"/>
  <polygon points="600,762 980,762 1290,${h} 150,${h}" fill="url(#drive)"/>
  <polygon points="0,880 ${w},880 ${w},960 0,960" fill="#6e6a64" opacity="0.9"/>
  </svg>`
  const img = await svgToImage(svg, w, h)
  // textures: lawn, driveway, sidewalk
  const lawnMask = await svgToMask(
    `${svgOpen(w, h)}<rect x="0" y="${horizon}" width="${w}" height="${h - horizon}" fill="#fff"/><rect x="520" y="${horizon}" width="1200" height="122" fill="#000"/><polygon points="600,762 980,762 1290,${h} 150,${h}" fill="#000"/><rect x="0" y="880" width="${w}" height="80" fill="#000"/></svg>`,
    w,
    h,
  )
  const hard = await svgToMask(
    `${svgOpen(w, h)}<polygon points="600,762 980,762 1290,${h} 150,${h}" fill="#fff"/><rect x="0" y="880" width="${w}" height="80" fill="#fff"/></svg>`,
    w,
    h,
  )
  grass(img, lawnMask, rnd, { base: [30, 46, 30] })
  // stucco walls and tile roof texture
  const houseMask = await svgToMask(
    `${svgOpen(w, h)}<rect x="520" y="530" width="1200" height="232" fill="#fff"/><rect x="600" y="600" width="380" height="162" fill="#000"/>${windows.map(([x, y, ww, wh]) => `<rect x="${x - 8}" y="${y - 8}" width="${ww + 16}" height="${wh + 16}" fill="#000"/>`).join('')}</svg>`,
    w,
    h,
  )
  const nh = makeNoise(rnd.seed())
  modulate(
    img,
    combine(
      field(w, h, 1, (x, y) => fbm(nh, x / 4, y / 4, 2)),
      houseMask,
      (a, b) => a * b,
    ),
    0.1,
  )
  const roofMask = await svgToMask(
    `${svgOpen(w, h)}<polygon points="470,545 760,398 1460,398 1770,545" fill="#fff"/></svg>`,
    w,
    h,
  )
  modulate(
    img,
    combine(
      field(w, h, 1, (x, y) => 0.6 * Math.sin(x / 7) + 0.4 * nh(x / 30, y / 5)),
      roofMask,
      (a, b) => a * b,
    ),
    0.12,
  )
  const nd = makeNoise(rnd.seed())
  const tex = field(w, h, 1, (x, y) => {
    const depth = Math.max(1, y - 600) / 480
    return fbm(nd, x / (10 * depth + 2), y / (6 * depth + 2), 3)
  })
  modulate(
    img,
    combine(tex, hard, (a, b) => a * b),
    0.12,
  )
  // left half of the driveway still grimy, right half freshly washed and wet
  const split = field(w, h, 2, (x, y) => {
    if (y < 762) return 0
    const t = (y - 762) / (h - 762)
    const mid = lerp(790, 720, t)
    return (x < mid ? 1 : 0) * (0.6 + 0.4 * (fbm(nd, x / 90, y / 60, 3) * 0.5 + 0.5))
  })
  multiplyTint(
    img,
    combine(split, hard, (a, b) => a * b),
    [80, 76, 66],
    0.75,
  )
  const sheen = field(w, h, 2, (x, y) => {
    if (y < 762) return 0
    const t = (y - 762) / (h - 762)
    const mid = lerp(790, 720, t)
    return x >= mid ? Math.exp(-(((x - lerp(1100, 1000, t)) / 220) ** 2)) * 0.5 : 0
  })
  mixColor(
    img,
    combine(sheen, hard, (a, b) => a * b),
    [196, 150, 104],
    0.3,
  )
  const lines = await svgToMask(
    `${svgOpen(w, h)}<line x1="790" y1="762" x2="720" y2="${h}" stroke="#fff" stroke-width="4"/><line x1="0" y1="880" x2="${w}" y2="880" stroke="#fff" stroke-width="3"/><line x1="0" y1="960" x2="${w}" y2="960" stroke="#fff" stroke-width="3"/><line x1="480" y1="840" x2="1080" y2="840" stroke="#fff" stroke-width="3"/></svg>`,
    w,
    h,
    0.8,
  )
  multiplyTint(img, lines, [40, 40, 40], 0.7)
  // oak canopy framing the right edge and shrubs along the house
  const canopy = field(w, h, 2, (x, y) => {
    const d = Math.hypot((x - 1990) / 520, (y + 60) / 600)
    return 1 - smoothstep(0.85, 1.0, d + 0.25 * fbm(nd, x / 70, y / 70, 4))
  })
  mixColor(img, canopy, [10, 16, 12], 0.96)
  const shrubs = field(w, h, 2, (x, y) => {
    if (x > 980 && x < 1720) {
      const top = 715 - 30 * (fbm(nd, x / 50, 3.3, 3) * 0.5 + 0.5)
      return y > top && y < 775 ? 1 - smoothstep(0, 12, top + 12 - y) * 0 : 0
    }
    return 0
  })
  mixColor(img, shrubs, [16, 28, 18], 0.9)
  vignette(img, 0.35, 0.0)
  grain(img, 0.04, hashString('hero:grain'))
  const file = path.join(OUT, 'hero.jpg')
  await writeJpeg(file, img)
  return file
}

// ---------------------------------------------------------------------------------------------------------------------

const only = process.argv[2]

async function renderGallery(spec) {
  const [w, h] = SIZES[spec.aspect]
  const rnd = makeRandom(hashString(spec.name))
  const surf = await spec.surface(w, h, rnd)
  const clean = surf.img
  const before = cloneImage(clean)
  await spec.dirty(before, surf, w, h, makeRandom(hashString(spec.name + ':dirt')))
  grade(clean, { contrast: 1.04, brightness: 1.02, saturation: 1.04 })
  const split = w >= h ? 'v' : 'h'
  const out = composeBeforeAfter(before, clean, split)
  vignette(out)
  grain(out, 0.03, hashString(spec.name + ':grain'))
  const file = path.join(OUT, 'gallery', `${spec.name}.jpg`)
  await writeJpeg(file, out, overlaySvg(w, h, split))
  return file
}

async function renderService(spec) {
  const [w, h] = SIZES['4:3']
  const rnd = makeRandom(hashString('service:' + spec.name))
  const img = await spec.render(w, h, rnd)
  vignette(img, 0.18)
  grain(img, 0.03, hashString(spec.name + ':grain'))
  const file = path.join(OUT, 'services', `${spec.name}.jpg`)
  await writeJpeg(file, img)
  return file
}

async function main() {
  const started = Date.now()
  const jobs = [
    ...gallery.map((s) => ({ name: `gallery/${s.name}`, run: () => renderGallery(s) })),
    ...services.map((s) => ({ name: `services/${s.name}`, run: () => renderService(s) })),
    { name: 'hero', run: renderHero },
  ].filter((j) => !only || j.name.includes(only))
  let bytes = 0
  for (const job of jobs) {
    const t = Date.now()
    const file = await job.run()
    const size = statSync(file).size
    bytes += size
    console.log(
      `${path.relative(ROOT, file).padEnd(36)} ${String(Math.round(size / 1024)).padStart(4)} KB  ${Date.now() - t} ms`,
    )
  }
  console.log(`${jobs.length} images, ${(bytes / 1024 / 1024).toFixed(2)} MB, ${Date.now() - started} ms`)
}

await main()
