// Masks of dirt: patches, stains, streaks and spots, and how they combine.
import { makeNoise, fbm, clamp01, smoothstep } from './random.mjs'
import { field } from './raster.mjs'

/** Patchy fractal mask: smoothstep of fbm around a threshold. */
export function patches(w, h, seed, { scale = 300, octaves = 5, threshold = 0.1, softness = 0.25, step = 4 } = {}) {
  const n = makeNoise(seed)
  return field(w, h, step, (x, y) =>
    smoothstep(threshold - softness, threshold + softness, fbm(n, x / scale, y / scale, octaves)),
  )
}

/** Irregular stains (oil, rust, leaf tannin): noisy-edged ellipses. */
export function stains(w, h, rnd, { count, cx, cy, rx, ry, edge = 0.45, core = 0.85 }) {
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
export function streaks(w, h, seed, { density = 0.5, width = 7, length = 500, top = () => 0, strength = 1 } = {}) {
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
export function spots(w, h, rnd, { count, radius = [4, 10], region = () => true, soft = 0.35 }) {
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

export function combine(a, b, fn) {
  const out = new Float32Array(a.length)
  for (let i = 0; i < a.length; i++) out[i] = fn(a[i], b[i], i)
  return out
}

export const mapMask = (a, fn) => {
  const out = new Float32Array(a.length)
  for (let i = 0; i < a.length; i++) out[i] = fn(a[i], i)
  return out
}

/** Mask that is 1 near the bottom (or top) edge and fades out. */
export function edgeFade(w, h, { from = 'bottom', size = 0.3, noiseSeed = 1, wobble = 0.08 }) {
  const n = makeNoise(noiseSeed)
  return field(w, h, 4, (x, y) => {
    const t = from === 'bottom' ? (h - y) / h : from === 'top' ? y / h : from === 'left' ? x / w : (w - x) / w
    return 1 - smoothstep(0, size, t + wobble * fbm(n, x / 150, y / 150, 3))
  })
}
