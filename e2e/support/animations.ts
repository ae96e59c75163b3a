import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'

declare global {
  interface Window {
    __looks?: { selector: string; looks: string[]; recording: boolean }
  }
}

/**
 * Notes how the first element matching `selector` looks on every frame from now on: `hidden`, or its opacity and
 * transform as painted. Call the returned function to stop and get the looks, one per frame.
 */
export async function recordLooks(page: Page, selector: string): Promise<() => Promise<string[]>> {
  await page.evaluate((selector) => {
    const record = { selector, looks: [] as string[], recording: true }
    window.__looks = record
    const sample = () => {
      const node = document.querySelector(selector)
      if (!node || !node.checkVisibility()) record.looks.push('hidden')
      else record.looks.push(`${getComputedStyle(node).opacity} ${getComputedStyle(node).transform}`)
      if (record.recording) requestAnimationFrame(sample)
    }
    requestAnimationFrame(sample)
  }, selector)
  return () =>
    page.evaluate(() => {
      const record = window.__looks!
      record.recording = false
      return record.looks
    })
}

/** A look between the start and the end of a fade: neither transparent nor fully opaque. */
export const isPartlyFaded = (look: string) => {
  const opacity = Number.parseFloat(look)
  return opacity > 0 && opacity < 1
}

const assets = join(process.env.BUILD_OUTPUT_DIR ?? '.output', 'public', 'assets')

/** Names motion's code keeps through minification, in its frame loop's settings and its animations' promise. */
const motionMarkers = /\b(useManualTiming|skipAnimations|notifyFinished)\b/

/** Whether a built browser script (by URL or file name) carries motion's code. */
export function carriesMotion(urlOrName: string): boolean {
  const file = join(assets, new URL(urlOrName, 'http://site/assets/').pathname.replace(/^\/assets\//, ''))
  return file.endsWith('.js') && existsSync(file) && motionMarkers.test(readFileSync(file, 'utf8'))
}
