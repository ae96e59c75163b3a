import { site } from '~/content/site'
import { emailLinePieces } from '~/components/shared/email-address'
import { expect, test, type Locator } from './support/test'

/** The lines a link's text is laid out on, read from where the browser put each character. */
async function renderedLines(link: Locator): Promise<string[]> {
  return link.evaluate((element) => {
    const lines: { top: number; text: string }[] = []
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let index = 0; index < node.textContent!.length; index++) {
        const range = document.createRange()
        range.setStart(node, index)
        range.setEnd(node, index + 1)
        const top = Math.round(range.getBoundingClientRect().top)
        const line = lines.find((candidate) => Math.abs(candidate.top - top) < 4)
        if (line) line.text += node.textContent![index]
        else lines.push({ top, text: node.textContent![index]! })
      }
    }
    return lines.sort((a, b) => a.top - b.top).map((line) => line.text)
  })
}

for (const { path, name } of [
  { path: '/#contact', name: 'the home contact block' },
  { path: '/contact', name: 'the contact page' },
]) {
  test(`on a 320 px phone ${name} breaks the e-mail only after the @ or before a dot`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 })
    await page.goto(path)
    const link = page.locator(`main a[href="mailto:${site.email}"]`).first()
    await link.scrollIntoViewIfNeeded()
    const lines = await renderedLines(link)
    expect(lines.join('')).toBe(site.email)
    // Each line is made of whole pieces: "quotes@", "deltabreeze", ".example".
    const pieces = emailLinePieces(site.email)
    for (const line of lines) {
      let rest = line
      while (rest) {
        const piece = pieces.find((candidate) => rest.startsWith(candidate))
        expect(piece, `"${line}" splits a piece of ${site.email}`).toBeDefined()
        rest = rest.slice(piece!.length)
      }
    }
  })
}
