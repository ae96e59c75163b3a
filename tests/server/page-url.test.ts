import { describe, expect, it } from 'vitest'
import { pageUrl, type SearchParamsRead } from '../../app/server/http/page-url.server'

/** As the site's routes declare them: /services reads ?tab=, /quote-request its result, the rest nothing. */
const searchParamsRead: SearchParamsRead = (pathname) =>
  pathname === '/services' ? ['tab'] : pathname === '/quote-request' ? ['status', 'message'] : []

function page(address: string, read = searchParamsRead): string {
  const url = pageUrl(new URL(address, 'http://localhost'), read)
  return `${url.pathname}${url.search}`
}

describe('the address a page is rendered and cached under', () => {
  it('drops the parameters ad clicks and campaign links add', () => {
    expect(page('/?utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=Cj0KCQ&fbclid=IwAR&msclkid=abc')).toBe(
      '/',
    )
    expect(page('/city/folsom?UTM_Source=x&utm_id=1')).toBe('/city/folsom')
  })

  it('drops parameters a page does not read, and keeps those it reads', () => {
    expect(page('/gallery?ref=newsletter&x=1')).toBe('/gallery')
    expect(page('/services?utm_source=x&tab=roof&ref=y')).toBe('/services?tab=roof')
    expect(page('/quote-request?status=invalid&message=Please+enter+an+email&gclid=x')).toBe(
      '/quote-request?message=Please+enter+an+email&status=invalid',
    )
  })

  it('gives one address whatever the order or encoding of the parameters', () => {
    expect(page('/quote-request?status=sent&message=a')).toBe(page('/quote-request?message=a&status=sent'))
    expect(page('/services?tab=r%6Fof')).toBe('/services?tab=roof')
  })

  it('keeps every parameter but marketing ones where what a page reads is unknown', () => {
    expect(page('/custom?a=1&utm_term=x&b=2', () => null)).toBe('/custom?a=1&b=2')
  })
})
