// Clean wood, walls and roofs: boards, stucco, lap siding, shingles and clay tiles.
import { makeNoise, smoothstep, fbm, hash01, clamp01 } from './random.mjs'
import { jitterColor, newImage, svgOpen, svgToMask, multiplyTint, field, modulate } from './raster.mjs'

/** Wood boards with grain, gaps, butt joints and fasteners. orientation "h" = boards run horizontally. */
export async function boards(
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
export function stucco(w, h, rnd, { color = [222, 206, 176], bump = 0.16, scale = 5 }) {
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
export function lapSiding(w, h, rnd, { color = [200, 210, 212], exposure = 110, emboss = 0.03 }) {
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
export function shingles(
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
export function clayTiles(w, h, rnd, { palette, tileW = 150, rowH = 190 }) {
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
