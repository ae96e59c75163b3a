// The 24 before-and-after gallery images, in the order they are rendered.
import { groundScenes } from './gallery-ground.mjs'
import { buildingScenes } from './gallery-buildings.mjs'

export { SIZES } from './palette.mjs'

const order = [
  'driveway-01',
  'house-01',
  'pavers-01',
  'deck-01',
  'driveway-02',
  'sidewalk-02',
  'pavers-02',
  'pavers-03',
  'patio-01',
  'patio-02',
  'walkway-01',
  'walkway-02',
  'house-02',
  'roof-01',
  'roof-02',
  'roof-03',
  'gutter-01',
  'gutter-02',
  'gutter-03',
  'deck-02',
  'fence-01',
  'commercial-01',
  'commercial-02',
  'sidewalk-01',
]
const byName = new Map([...groundScenes, ...buildingScenes].map((scene) => [scene.name, scene]))
export const gallery = order.map((name) => byName.get(name))
