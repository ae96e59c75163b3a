/** "Add work to the site" from a won lead: the town from its ZIP, the kind of job from its page, in the address. */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { cities } from '../../app/content/cities'
import { ownerSearchSchema } from '../../app/features/owner/owner-views'
import { categoryOfLeadPage } from '../../app/features/work/work-prefill.server'
import { cityOfZip } from '../../app/features/leads/lead-fields.server'

const cityOfLeadZip = (zip: string | null) => cityOfZip(zip)?.slug ?? null

describe("a won lead's prefill", () => {
  it('names the town of every served ZIP, and none for another ZIP or none', () => {
    for (const city of cities) for (const zip of city.zipCodes) expect(cityOfLeadZip(zip)).toBe(city.slug)
    expect(cityOfLeadZip('95630-1234')).toBe('folsom')
    expect(cityOfLeadZip('90210')).toBeNull()
    expect(cityOfLeadZip(null)).toBeNull()
  })

  it('takes the kind of job from a service tab or an old address that leads to one', () => {
    expect(categoryOfLeadPage('/services?tab=driveway')).toBe('Driveway Cleaning')
    expect(categoryOfLeadPage('/services?tab=deck-fence#quote')).toBe('Deck Cleaning')
    expect(categoryOfLeadPage('/patio-pressure-washing')).toBe('Patio Cleaning')
    // Pages that name no service the gallery has a category for.
    expect(categoryOfLeadPage('/services?tab=roof')).toBeNull()
    expect(categoryOfLeadPage('/folsom-pressure-washing')).toBeNull()
    expect(categoryOfLeadPage('/city/folsom')).toBeNull()
    expect(categoryOfLeadPage('/contact')).toBeNull()
    expect(categoryOfLeadPage(null)).toBeNull()
  })

  it("keeps the inbox address's valid choices and drops the rest without an error", () => {
    const lead = '0b7c2f9e-4a1d-4c3b-9e8f-1a2b3c4d5e6f'
    const valid = { view: 'work', category: 'Driveway Cleaning', city: 'folsom', lead }
    expect(v.parse(ownerSearchSchema, valid)).toEqual(valid)
    const invalid = { view: 'work', category: 'Roofs', city: 'sacramento', lead: 'x' }
    expect(v.parse(ownerSearchSchema, invalid)).toEqual({ view: 'work' })
  })
})
