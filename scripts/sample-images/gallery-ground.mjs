// Gallery scenes on the ground: driveways, pavers, patios, walkways and sidewalks.
import { makeNoise, fbm, smoothstep } from './random.mjs'
import { multiplyTint, grade, field, modulate, cloneImage } from './raster.mjs'
import { stains, edgeFade, combine, spots, mapMask } from './masks.mjs'
import { PAL } from './palette.mjs'
import { concrete, tiled, herringbone, runningBond, ashlar, flagstone, basketWeave } from './paving.mjs'
import { dirt, ringStains, exposedAggregate, grass, blendInto } from './scenes.mjs'
import { algae, blackMold, leafStains, gum } from './weathering.mjs'

export const groundScenes = [
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
