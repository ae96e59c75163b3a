// Weathering shared by the gallery scenes: grey film, algae, mould, gum, leaf stains, gutter grime.
import { makeNoise } from './random.mjs'
import { field, mixColor, multiplyTint, grade } from './raster.mjs'
import { patches, combine, spots, stains, streaks } from './masks.mjs'
import { dirt } from './scenes.mjs'

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
