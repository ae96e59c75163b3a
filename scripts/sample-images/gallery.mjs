// The 24 before-and-after gallery images: each surface and how it gets dirty.
import { makeNoise, fbm, smoothstep } from './random.mjs'
import { cloneImage, field, svgToMask, svgOpen, modulate, multiplyTint, mixColor, grade } from './raster.mjs'
import { patches, stains, streaks, spots, combine, mapMask, edgeFade } from './masks.mjs'
import {
  concrete,
  tiled,
  runningBond,
  basketWeave,
  herringbone,
  ashlar,
  flagstone,
  boards,
  stucco,
  lapSiding,
  shingles,
  clayTiles,
} from './surfaces.mjs'
import {
  paintSvg,
  blendInto,
  dirt,
  ringStains,
  grass,
  exposedAggregate,
  windowFrame,
  gutterScene,
  downspoutScene,
} from './scenes.mjs'

export const SIZES = { '4:3': [1600, 1200], '3:4': [1200, 1600], '1:1': [1440, 1440], '16:10': [1600, 1000] }

export const PAL = {
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

export const greyWeather = (img, rnd, strength = 0.6) => {
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

export const algae = (img, rnd, { strength = 0.6, scale = 220, threshold = 0.0, tint = [86, 108, 58] } = {}) =>
  dirt(img, rnd, { tint, strength, scale, threshold, softness: 0.45, detail: 0.6, detailScale: 18 })

export const blackMold = (img, rnd, { count = 120, region = () => true, radius = [2, 7], strength = 0.8 } = {}) => {
  const { w, h } = img
  multiplyTint(img, spots(w, h, rnd, { count, radius, region, soft: 0.6 }), [40, 44, 36], strength)
}

export const gum = (img, rnd, count, region) => {
  const { w, h } = img
  const m = spots(w, h, rnd, { count, radius: [5, 13], region, soft: 0.3 })
  mixColor(img, m, [78, 76, 72], 0.75)
  const rim = spots(w, h, rnd, { count: Math.round(count / 3), radius: [4, 9], region, soft: 0.5 })
  mixColor(img, rim, [118, 114, 108], 0.5)
}

export const leafStains = (img, rnd, count, region = () => true) => {
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

export const gallery = [
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

export function gutterGrime(img, m, w, h, rnd, { algae: withAlgae = false } = {}) {
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
