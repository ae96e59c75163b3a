import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { RENDER_ALL_KEY } from '~/lib/page/scroll'

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * Lays out the sections the browser skips until they near the window (content-visibility): until then their
 * boxes are estimates that overlap what follows, so no size or spacing measured in them is one a person sees.
 */
export async function renderEverySection(page: Page): Promise<void> {
  await page.evaluate((key) => {
    document.documentElement.dataset[key] = ''
  }, RENDER_ALL_KEY)
}

/** Lays out the skipped sections first: axe cannot judge content never rendered. */
export async function wcagAudit(page: Page): Promise<AxeBuilder> {
  await renderEverySection(page)
  return new AxeBuilder({ page }).withTags(WCAG_TAGS)
}

/** "rule-id: selector, selector" per violation, for a readable failure. */
export function violationList(results: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}

/** The page as it stands has no WCAG 2.2 AA violation axe can find. */
export async function expectNoViolations(page: Page): Promise<void> {
  expect(violationList(await (await wcagAudit(page)).analyze())).toEqual([])
}
