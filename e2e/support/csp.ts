import type { Page } from '@playwright/test'

/** Collects the page's Content-Security-Policy violation reports (Chromium logs each to the console) from now on. */
export function cspViolations(page: Page): string[] {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  return violations
}
