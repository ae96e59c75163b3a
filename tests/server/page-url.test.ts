import { describe, expect, it } from 'vitest'
import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { declaredSearchOf, pageAddress } from '../../app/platform/http/page-url.server'
import { methodNotAllowed, methodsAllowedByRoutes } from '../../app/platform/http/page-methods.server'
import { getRouter } from '../../app/router'
import { CAMPAIGN_TAGS } from '../../app/features/leads/lead-source-constants'

const declaredSearch = declaredSearchOf(getRouter())

function page(address: string): string {
  const url = pageAddress(new URL(address, 'http://localhost'), declaredSearch).page
  return `${url.pathname}${url.search}`
}

function redirect(address: string): string | undefined {
  return pageAddress(new URL(address, 'http://localhost'), declaredSearch).redirect
}

describe('the address a page is rendered and cached under, from the routes the site declares', () => {
  it('drops the parameters ad clicks and campaign links add', () => {
    expect(page('/?utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=Cj0KCQ&fbclid=IwAR&msclkid=abc')).toBe(
      '/',
    )
    expect(page('/city/folsom?UTM_Source=x&utm_id=1')).toBe('/city/folsom')
    // Every tag a visit's source keeps (lead-source-constants.ts), alone and together, on pages that read parameters.
    const all = CAMPAIGN_TAGS.map((tag) => `${tag}=${tag}-value`).join('&')
    for (const tag of CAMPAIGN_TAGS) expect(page(`/?${tag}=abc`), tag).toBe('/')
    expect(page(`/?${all}`)).toBe('/')
    expect(page(`/services?${all}&tab=roof`)).toBe('/services?tab=roof')
    expect(redirect(`/services?${all}`)).toBeUndefined()
  })

  it('drops parameters a page does not declare, and keeps valid values of those it does', () => {
    expect(page('/gallery?ref=newsletter&x=1')).toBe('/gallery')
    expect(page(`/?r=${Math.random()}`)).toBe('/')
    expect(page('/?cities=all&x=1')).toBe('/?cities=all')
    expect(page('/services?utm_source=x&tab=roof&ref=y')).toBe('/services?tab=roof')
    expect(page('/quote-request?status=sent&gclid=x')).toBe('/quote-request?status=sent')
  })

  it('gives a value the route would not accept the page without it', () => {
    expect(page('/?cities=some')).toBe('/')
    expect(page('/?cities=%22all%22x')).toBe('/')
    expect(page('/services?tab=bogus')).toBe('/services')
    expect(page('/quote-request?status=invented&photos=anything')).toBe('/quote-request')
  })

  it('gives one address whatever the order or encoding of the parameters', () => {
    expect(page('/services?ref=1&tab=r%6Fof')).toBe('/services?tab=roof')
    expect(page('/services?ref=1&%74ab=roof')).toBe('/services?tab=roof')
    expect(page('/?utm_source=x&citie%73=all')).toBe('/?cities=all')
    expect(page('/quote-request?x=1&status=sent')).toBe(page('/quote-request?status=sent&x=1'))
  })

  it('sends a value the route refuses to the address without it, keeping every other parameter', () => {
    expect(redirect('/?cities=123&x=1')).toBe('/?x=1')
    expect(redirect('/?utm_source=a&cities=abc&gclid=z')).toBe('/?utm_source=a&gclid=z')
    expect(redirect('/services?tab=bogus')).toBe('/services')
    expect(redirect('/quote-request?status=invented&photos=hi')).toBe('/quote-request')
  })

  it('redirects nothing the route accepts, however it is spelled, nor what the page does not read', () => {
    for (const address of ['/?cities=all', '/?cities=%22all%22', '/services?tab=r%6Fof', '/?tab=bogus', '/?x=1', '/'])
      expect(redirect(address), address).toBeUndefined()
  })

  it('refuses, at start, a route whose search it cannot know', () => {
    const root = createRootRoute()
    const custom = createRoute({
      getParentRoute: () => root,
      path: '/custom',
      validateSearch: (search: Record<string, unknown>) => ({ a: String(search.a) }),
    })
    const router = createRouter({ routeTree: root.addChildren([custom]) })
    expect(() => declaredSearchOf(router)).toThrow(/route \/custom: declare its search with a valibot v.object/)
  })
})

describe('the methods an address takes, from the routes the site declares', () => {
  it('refuses PUT, DELETE and PATCH on a page with 405 and the methods it takes; GET and a form post go on', async () => {
    const ask = (path: string, method: string) =>
      methodNotAllowed(new Request(`http://localhost${path}`, { method }), methodsAllowedByRoutes(getRouter()))
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const refused = ask('/contact', method)
      expect([refused?.status, refused?.headers.get('Allow')], method).toEqual([405, 'GET, HEAD'])
      expect(await refused?.text()).toBe('Method not allowed\n')
    }
    expect([ask('/contact', 'GET'), ask('/quote-request', 'POST')]).toEqual([null, null])
  })
})
