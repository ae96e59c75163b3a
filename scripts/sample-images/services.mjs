// The eight clean service photos.
import { svgToMask, svgOpen, mixColor, grade } from './raster.mjs'
import { concrete, tiled, herringbone, flagstone, epoxy } from './paving.mjs'
import { boards, lapSiding, clayTiles } from './walls.mjs'
import { paintSvg, windowFrame, gutterScene } from './scenes.mjs'
import { PAL } from './palette.mjs'

export const services = [
  {
    name: 'concrete-sealing',
    render: async (w, h, rnd) => {
      const { img } = await tiled(w, h, rnd, {
        pieces: herringbone(w, h, { unit: 60, gap: 6 }),
        palette: PAL.sierra,
        jointColor: [192, 178, 152],
      })
      grade(img, { saturation: 1.25, contrast: 1.1, brightness: 0.95 })
      // wet-look sealer sheen
      await paintSvg(
        img,
        `<defs><radialGradient id="s" cx="62%" cy="30%" r="55%"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><rect width="${w}" height="${h}" fill="url(#s)"/>`,
      )
      return img
    },
  },
  {
    name: 'full-house',
    render: async (w, h, rnd) => {
      const { img } = lapSiding(w, h, rnd, { color: [222, 216, 200], exposure: 100 })
      await paintSvg(
        img,
        `<rect x="${w * 0.04}" y="0" width="${w * 0.065}" height="${h}" fill="#f4f3ee"/><rect x="${w * 0.105}" y="0" width="10" height="${h}" fill="rgba(0,0,0,0.15)"/>`,
      )
      await windowFrame(img, { x: w * 0.42, y: h * 0.16, w: w * 0.4, h: h * 0.62 })
      return img
    },
  },
  {
    name: 'driveway',
    render: async (w, h, rnd) =>
      (
        await concrete(w, h, rnd, {
          joints: [
            [0.5, 0, 0.47, 1],
            [0, 0.6, 1, 0.64],
          ],
          broom: 0.025,
        })
      ).img,
  },
  {
    name: 'patio',
    render: async (w, h, rnd) =>
      flagstone(w, h, rnd, { palette: PAL.flagstone, jointColor: [132, 128, 118], cell: 240 }).img,
  },
  {
    name: 'commercial',
    render: async (w, h, rnd) => {
      const { img } = await concrete(w, h, rnd, {
        color: [194, 190, 182],
        joints: [
          [0, 0.42, 1, 0.42],
          [0.5, 0, 0.5, 0.8],
        ],
        broom: 0.04,
        broomAngle: Math.PI / 2,
      })
      const curb = await svgToMask(
        `${svgOpen(w, h)}<rect x="0" y="${h * 0.8}" width="${w}" height="${h * 0.2}" fill="#fff"/></svg>`,
        w,
        h,
      )
      mixColor(img, curb, [236, 192, 52], 0.9)
      await paintSvg(
        img,
        `<rect x="0" y="${h * 0.8}" width="${w}" height="10" fill="rgba(255,255,255,0.35)"/><rect x="0" y="${h * 0.8 - 6}" width="${w}" height="6" fill="rgba(0,0,0,0.25)"/>`,
      )
      return img
    },
  },
  {
    name: 'deck-fence',
    render: async (w, h, rnd) => (await boards(w, h, rnd, { palette: PAL.cedar, boardWidth: 132 })).img,
  },
  { name: 'roof', render: async (w, h, rnd) => clayTiles(w, h, rnd, { palette: PAL.terracotta }).img },
  { name: 'gutter', render: async (w, h, rnd) => (await gutterScene(w, h, rnd, {})).img },
  { name: 'epoxy', render: async (w, h, rnd) => epoxy(w, h, rnd, {}).img },
]

// Hero ----------------------------------------------------------------------------------------------------------------
