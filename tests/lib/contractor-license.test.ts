import { afterEach, describe, expect, it, vi } from 'vitest'

// Outside Vite the build-time settings come from process.env (app/content/build-env.ts).
async function businessWith(license: string | undefined) {
  vi.resetModules()
  vi.stubEnv('CONTRACTOR_LICENSE', license)
  const { localBusinessJsonLd } = await import('../../app/lib/seo/structured-data')
  return localBusinessJsonLd() as Record<string, unknown>
}

afterEach(() => void vi.unstubAllEnvs())

describe('CONTRACTOR_LICENSE', () => {
  it('puts the licence number in the local business structured data when set', async () => {
    const business = await businessWith(' 1098765 ')
    expect(business.hasCredential).toMatchObject({
      credentialCategory: 'license',
      identifier: '1098765',
      recognizedBy: { name: 'Contractors State License Board' },
    })
  })

  it('leaves the structured data without a licence when unset or blank', async () => {
    expect(await businessWith(undefined)).not.toHaveProperty('hasCredential')
    expect(await businessWith('  ')).not.toHaveProperty('hasCredential')
  })
})
