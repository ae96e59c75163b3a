// CI's last word on retries (docs/decisions/037-one-retry-in-ci.md): how many tests passed only on their
// retry, and which. A pass on retry is a bug to look into, so it must not hide among the list's lines.
import type { Reporter, Suite } from '@playwright/test/reporter'

export default class RetrySummary implements Reporter {
  private root: Suite | undefined

  onBegin(_config: unknown, suite: Suite): void {
    this.root = suite
  }

  onEnd(): void {
    const flaky = (this.root?.allTests() ?? []).filter((test) => test.outcome() === 'flaky')
    const titles = flaky.map((test) => test.titlePath().filter(Boolean).join(' › '))
    const count = `${flaky.length} ${flaky.length === 1 ? 'test' : 'tests'} passed only on retry`
    console.log(`\n${count}${titles.length ? `:\n${titles.map((title) => `  - ${title}`).join('\n')}` : ''}`)
  }

  printsToStdio(): boolean {
    return true
  }
}
