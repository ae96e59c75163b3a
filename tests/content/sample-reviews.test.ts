import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { claims } from '../../app/content/site'

const seed = readFileSync(new URL('../../supabase/seed.sql', import.meta.url), 'utf8')

describe('the sample reviews (supabase/seed.sql)', () => {
  it("average the star rating the site claims, so the pages never contradict it while they're shown", () => {
    const ratings = [...seed.matchAll(/^\s+\('[^']+', NULL, (\d),$/gm)].map((match) => Number(match[1]))
    expect(ratings).toHaveLength(7)
    const average = ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length
    expect(average.toFixed(1)).toBe(claims.rating)
  })
})
