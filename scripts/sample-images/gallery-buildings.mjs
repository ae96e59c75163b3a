// Gallery scenes on buildings: houses, roofs, gutters, decks, fences and storefronts.
import { smoothstep, makeNoise, fbm } from './random.mjs'
import { multiplyTint, mixColor, grade, svgToMask, svgOpen, field } from './raster.mjs'
import { streaks, combine, edgeFade, patches, spots, stains } from './masks.mjs'
import { PAL } from './palette.mjs'
import { concrete } from './paving.mjs'
import { stucco, boards, lapSiding, shingles, clayTiles } from './walls.mjs'
import { paintSvg, windowFrame, dirt, gutterScene, downspoutScene } from './scenes.mjs'
import { algae, blackMold, greyWeather, gutterGrime, leafStains, gum } from './weathering.mjs'

export const buildingScenes = [
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
]
