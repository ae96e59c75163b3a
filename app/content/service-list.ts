import type { ServiceId } from './types'

/** The light part of each service, for tiles, tabs and links. */
export interface ServiceSummary {
  id: ServiceId
  title: string
  shortTitle: string
  image: string
}

/** In the order of the /services toggle row. */
export const serviceList: readonly ServiceSummary[] = [
  {
    id: 'concrete-sealing',
    title: 'Concrete & Paver Sealing',
    shortTitle: 'Sealing',
    image: 'services/concrete-sealing',
  },
  { id: 'full-house', title: 'Full House Washing', shortTitle: 'House Wash', image: 'services/full-house' },
  { id: 'driveway', title: 'Driveway Cleaning', shortTitle: 'Driveway', image: 'services/driveway' },
  { id: 'patio', title: 'Patio Cleaning', shortTitle: 'Patio', image: 'services/patio' },
  { id: 'commercial', title: 'Commercial Cleaning', shortTitle: 'Commercial', image: 'services/commercial' },
  { id: 'deck-fence', title: 'Deck & Fence Cleaning', shortTitle: 'Deck & Fence', image: 'services/deck-fence' },
  { id: 'roof', title: 'Roof Cleaning', shortTitle: 'Roof', image: 'services/roof' },
  { id: 'gutter', title: 'Gutter Cleaning', shortTitle: 'Gutters', image: 'services/gutter' },
]

const summaryById = new Map(serviceList.map((summary) => [summary.id, summary]))

export function serviceSummary(id: ServiceId): ServiceSummary {
  const summary = summaryById.get(id)
  if (!summary) throw new Error(`Unknown service id: ${id}`)
  return summary
}
