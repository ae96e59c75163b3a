// A stored page inlines only its own CSS; the whole stylesheet, linked before the scripts run, restyles nothing
// shown (docs/decisions/069-page-css-and-brotli-measured-back.md).
import { expect, test, type Page } from '@playwright/test'
import { routeKinds } from '../tests/support/route-kinds'
import { storedDocument } from '../tests/support/document-bytes'
import { APP_SCRIPTS, holdRequests } from './support/hold-requests'

/**
 * Every element's computed style (every property, hashed), in document order. Variables are left out: the page's
 * own CSS leaves out those no rule of it reads, and a variable shows only through a property that reads it. A box
 * `content-visibility: auto` has not laid out yet reports `100%` where a laid-out one reports pixels, and which are
 * laid out depends on the frames rendered so far: every box is laid out for the reading, its own value still hashed.
 * A closed `<details>` hides its content the same way (`::details-content`), and is laid out for the reading too.
 */
function computedStyles(page: Page) {
  return page.evaluate(() => {
    const elements = [...document.querySelectorAll('body *:not(script)')]
    const contentVisibility = elements.map((element) => getComputedStyle(element).contentVisibility)
    const layAllOut = document.head.appendChild(document.createElement('style'))
    layAllOut.textContent = '*, ::details-content { content-visibility: visible !important }'
    const hashes = elements.map((element, index) => {
      const style = getComputedStyle(element)
      let hash = 0x811c9dc5
      for (const name of style) {
        if (name.startsWith('--')) continue
        const value = name === 'content-visibility' ? contentVisibility[index] : style.getPropertyValue(name)
        const text = `${name}:${value};`
        for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
      }
      return `${element.localName}.${element.getAttribute('class')?.slice(0, 40)} ${hash >>> 0}`
    })
    layAllOut.remove()
    return hashes
  })
}

for (const { kind, path } of routeKinds.filter((route) => route.kind !== '404')) {
  test(`the stored ${kind} page looks the same with its own CSS as with the whole stylesheet, at both widths`, async ({
    page,
    baseURL,
  }) => {
    // Every property of every element, four times: the long pages take a while.
    test.slow()
    const html = await storedDocument(`${baseURL}${path}`)
    const inline = html.match(/<style data-tsr-inline-css="" data-whole-stylesheet="([^"]+)">([\s\S]*?)<\/style>/)
    const whole = await (await page.request.get(inline![1]!)).text()
    expect(inline![2]!.length).toBeLessThan(whole.length * 0.8)

    // Photos never arrive and scripts never run, so only the stylesheet can change what is laid out.
    await page.route('**/img/**', (route) => route.abort())
    const releaseScripts = await holdRequests(page, APP_SCRIPTS)
    const releaseSheet = await holdRequests(page, '**/assets/*.css')
    await page.goto(path, { waitUntil: 'domcontentloaded' })
    const sheet = page.locator('link[rel="stylesheet"]')
    await expect(sheet).toHaveAttribute('href', inline![1]!)
    const ownCss = await computedStyles(page)
    await page.setViewportSize({ width: 390, height: 844 })
    const ownCssOnPhone = await computedStyles(page)

    releaseSheet()
    await expect.poll(() => sheet.evaluate((link: HTMLLinkElement) => link.sheet !== null)).toBe(true)
    expect(await computedStyles(page)).toEqual(ownCssOnPhone)
    await page.setViewportSize({ width: 1280, height: 720 })
    expect(await computedStyles(page)).toEqual(ownCss)
    releaseScripts()
  })
}

test('a stored page whose whole stylesheet never arrives still starts its scripts', async ({ page, baseURL }) => {
  await storedDocument(`${baseURL}/contact`)
  await page.route('**/assets/*.css', (route) => route.fulfill({ status: 404, body: 'Not found' }))
  await page.goto('/contact')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
})
