// The BEFORE / AFTER / SAMPLE IMAGE labels, drawn with strokes so no font is needed.
import { svgOpen } from './raster.mjs'

export const GLYPHS = {
  A: { w: 4, d: 'M0 6 L2 0 L4 6 M0.7 4 L3.3 4' },
  B: { w: 4, d: 'M0 3 L2.6 3 Q3.7 3 3.7 1.5 Q3.7 0 2.6 0 L0 0 L0 6 L2.8 6 Q4 6 4 4.5 Q4 3 2.8 3' },
  E: { w: 3.6, d: 'M3.6 0 L0 0 L0 6 L3.6 6 M0 3 L3 3' },
  F: { w: 3.6, d: 'M3.6 0 L0 0 L0 6 M0 3 L3 3' },
  G: { w: 4, d: 'M4 1.1 Q3.4 0 2 0 Q0 0 0 2.2 L0 3.8 Q0 6 2 6 Q4 6 4 4.2 L4 3.3 L2.4 3.3' },
  I: { w: 0, d: 'M0 0 L0 6' },
  L: { w: 3.4, d: 'M0 0 L0 6 L3.4 6' },
  M: { w: 4.6, d: 'M0 6 L0 0 L2.3 4 L4.6 0 L4.6 6' },
  O: { w: 4.2, d: 'M2.1 0 Q4.2 0 4.2 3 Q4.2 6 2.1 6 Q0 6 0 3 Q0 0 2.1 0 Z' },
  P: { w: 3.8, d: 'M0 6 L0 0 L2.4 0 Q3.8 0 3.8 1.65 Q3.8 3.3 2.4 3.3 L0 3.3' },
  R: { w: 3.8, d: 'M0 6 L0 0 L2.4 0 Q3.8 0 3.8 1.65 Q3.8 3.3 2.4 3.3 L0 3.3 M2.2 3.3 L3.8 6' },
  S: { w: 3.8, d: 'M3.7 0.9 Q3.2 0 1.9 0 Q0.1 0 0.1 1.55 Q0.1 2.8 1.9 3 Q3.8 3.2 3.8 4.5 Q3.8 6 1.9 6 Q0.5 6 0 5' },
  T: { w: 4, d: 'M0 0 L4 0 M2 0 L2 6' },
  ' ': { w: 1.6, d: '' },
}

/** Returns { width, svg } for a text drawn at letter height `size` (px). */
export function strokeText(text, x, y, size, color, weight = 0.62) {
  const s = size / 6
  let cx = 0
  let paths = ''
  for (const ch of text) {
    const g = GLYPHS[ch]
    if (!g) throw new Error(`No glyph for "${ch}"`)
    if (g.d) paths += `<path transform="translate(${cx} 0)" d="${g.d}"/>`
    cx += g.w + 1.55
  }
  const width = (cx - 1.55) * s
  const svg = `<g transform="translate(${x} ${y}) scale(${s})" fill="none" stroke="${color}" stroke-width="${weight}" stroke-linecap="round" stroke-linejoin="round">${paths}</g>`
  return { width, svg }
}

export function pill(text, x, y, size, { bg, fg, padX = size * 0.8, padY = size * 0.55, weight, anchor = 'left' }) {
  const probe = strokeText(text, 0, 0, size, fg, weight)
  const bw = probe.width + padX * 2
  const bh = size + padY * 2
  const left = anchor === 'right' ? x - bw : x
  const t = strokeText(text, left + padX, y + padY, size, fg, weight)
  return `<rect x="${left}" y="${y}" width="${bw}" height="${bh}" rx="${bh / 2}" fill="${bg}"/>${t.svg}`
}

/** Divider, BEFORE/AFTER labels and the SAMPLE IMAGE tag. */
export function overlaySvg(w, h, split) {
  const unit = Math.min(w, h) / 1000
  const size = Math.round(22 * unit)
  const margin = Math.round(26 * unit)
  const labelStyle = { bg: 'rgba(15,23,42,0.78)', fg: '#ffffff', weight: 0.7 }
  let svg = svgOpen(w, h)
  if (split === 'v') {
    const x = w / 2
    svg += `<rect x="${x - 1}" y="0" width="${5 * unit + 2}" height="${h}" fill="rgba(0,0,0,0.28)"/>`
    svg += `<rect x="${x - 2 * unit}" y="0" width="${4 * unit}" height="${h}" fill="#ffffff"/>`
    svg += pill('BEFORE', margin, margin, size, labelStyle)
    svg += pill('AFTER', x + margin, margin, size, { ...labelStyle, bg: 'rgba(3,105,161,0.85)' })
  } else {
    const y = h / 2
    svg += `<rect x="0" y="${y - 1}" width="${w}" height="${5 * unit + 2}" fill="rgba(0,0,0,0.28)"/>`
    svg += `<rect x="0" y="${y - 2 * unit}" width="${w}" height="${4 * unit}" fill="#ffffff"/>`
    svg += pill('BEFORE', margin, margin, size, labelStyle)
    svg += pill('AFTER', margin, y + margin, size, { ...labelStyle, bg: 'rgba(3,105,161,0.85)' })
  }
  const tagSize = Math.round(12 * unit)
  svg += pill('SAMPLE IMAGE', w - margin * 0.7, h - margin * 0.7 - tagSize * 2.1, tagSize, {
    bg: 'rgba(0,0,0,0.42)',
    fg: 'rgba(255,255,255,0.9)',
    weight: 0.75,
    anchor: 'right',
  })
  return svg + '</svg>'
}
