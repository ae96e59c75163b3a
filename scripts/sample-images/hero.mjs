// The home hero: a dusk street scene meant to sit under a dark overlay.
import path from 'node:path'
import { hashString, makeRandom, makeNoise, fbm, smoothstep, lerp } from './random.mjs'
import { field, svgToImage, svgToMask, svgOpen, modulate, multiplyTint, mixColor, vignette, grain } from './raster.mjs'
import { combine } from './masks.mjs'
import { writeJpeg, grass } from './scenes.mjs'
import { OUT } from './paths.mjs'

export async function renderHero() {
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
