// Seeded randomness and noise: every sample image is a pure function of its name.

export function hashString(text) {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

export function mulberry32(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A random helper bound to one seed. */
export function makeRandom(seed) {
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
export function makeNoise(seed) {
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
export function fbm(noise, x, y, octaves = 4, gain = 0.5) {
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

export const clamp01 = (v) => (v < 0 ? 0 : v > 1 ? 1 : v)
export const smoothstep = (a, b, v) => {
  const t = clamp01((v - a) / (b - a))
  return t * t * (3 - 2 * t)
}
export const lerp = (a, b, t) => a + (b - a) * t

/** Per-pixel hash in 0..1 (white noise), stable for a seed. */
export function mix32(v) {
  v ^= v >>> 16
  v = Math.imul(v, 0x7feb352d)
  v ^= v >>> 15
  v = Math.imul(v, 0x846ca68b)
  v ^= v >>> 16
  return v >>> 0
}
export function hash01(x, y, seed) {
  return mix32((x + mix32((y + mix32(seed)) | 0)) | 0) / 4294967296
}
