// Clean ground surfaces: concrete, paver layouts, flagstone and epoxy.
import { makeNoise, fbm, hash01, smoothstep } from './random.mjs'
import {
  newImage,
  field,
  modulate,
  svgToMask,
  svgOpen,
  blurMask,
  multiplyTint,
  mixColor,
  hex,
  jitterColor,
  svgToImage,
} from './raster.mjs'
import { mapMask, combine } from './masks.mjs'

/** Broom-finished or smooth concrete with control joints. */
export async function concrete(
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
export async function tiled(
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

export function runningBond(w, h, { unitW, unitH, gap, offset = 0.5, angle = 0 }) {
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

export function basketWeave(w, h, { unit, gap }) {
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
export function herringbone(w, h, { unit, gap, angle = 45 }) {
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
export function ashlar(w, h, { rnd, rowHeights, widths, gap }) {
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
export function flagstone(w, h, rnd, { cell = 220, gap = 7, palette, jointColor }) {
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

/** Glossy epoxy floor with decorative vinyl flakes. */
export function epoxy(
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
