// Composition: before|after halves, dirt, grass, windows, gutters and downspouts.
import { mkdir } from 'node:fs/promises'
import sharp from 'sharp'
import path from 'node:path'
import { makeNoise, fbm, smoothstep, lerp, hash01 } from './random.mjs'
import { newImage, cloneImage, field, svgToMask, svgOpen, hex, jitterColor, multiplyTint } from './raster.mjs'
import { patches, combine } from './masks.mjs'
import { concrete } from './paving.mjs'
import { stucco, lapSiding, shingles, clayTiles } from './walls.mjs'
import { JPEG } from './paths.mjs'

export function toBytes(img) {
  const out = Buffer.alloc(img.w * img.h * 3)
  const d = img.data
  for (let i = 0; i < d.length; i++) out[i] = d[i] < 0 ? 0 : d[i] > 255 ? 255 : Math.round(d[i])
  return out
}

export async function writeJpeg(file, img, overlay) {
  await mkdir(path.dirname(file), { recursive: true })
  let pipeline = sharp(toBytes(img), { raw: { width: img.w, height: img.h, channels: 3 } })
  if (overlay) pipeline = pipeline.composite([{ input: Buffer.from(overlay), top: 0, left: 0 }])
  await pipeline.jpeg(JPEG).toFile(file)
}

export function composeBeforeAfter(before, after, split) {
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
export async function paintSvg(img, body) {
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
export function blendInto(dst, src, mask) {
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
export function curve(keys, t) {
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
export function dirt(
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
export function ringStains(w, h, rnd, { count, radius = [60, 110], cx, cy }) {
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
export function grass(img, mask, rnd, { base = [74, 104, 52] } = {}) {
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
export async function exposedAggregate(
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
export async function windowFrame(img, { x, y, w: ww, h: wh, frame = 34, color = '#eeeeea' }) {
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

export const GUTTER_PROFILE = [
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
export async function gutterScene(
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
export const nearest = (list, x) => list.reduce((a, b) => (Math.abs(x - b) < Math.abs(x - a) ? b : a))

/** Downspout against siding under a gutter. */
export async function downspoutScene(w, h, rnd, { color = [236, 236, 231], wallColor = [196, 186, 164] }) {
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
