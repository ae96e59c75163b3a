import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { RENDER_ALL_KEY } from '~/lib/page/scroll'

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** Lays out the skipped sections first (content-visibility): axe cannot judge content never rendered. */
export async function wcagAudit(page: Page): Promise<AxeBuilder> {
  await page.evaluate((key) => {
    document.documentElement.dataset[key] = ''
  }, RENDER_ALL_KEY)
  return new AxeBuilder({ page }).withTags(WCAG_TAGS)
}

/** "rule-id: selector, selector" per violation, for a readable failure. */
export function violationList(results: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}
