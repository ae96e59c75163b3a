import { expect, test } from './support/test'
import { ownerCommand } from './support/owner'
import { prepareSiteData, siteDataEnv, siteServerForAll } from './support/site-server'

// The services page when the database fails its read: e2e/home-data.spec.ts.
const VIDEO_URL = 'https://videos.example.test/services-hero.mp4'

test.describe('services hero with a featured service video', () => {
  const server = siteServerForAll(async () => {
    const data = await prepareSiteData()
    expect((await ownerCommand('video', [VIDEO_URL, '--services'], data)).code).toBe(0)
    return siteDataEnv(data)
  })

  // The hero both pages share plays muted, inline and once: e2e/home-data.spec.ts.
  test('plays its own featured video, with a pause button', async ({ page }) => {
    const videoRequests: string[] = []
    // Hold the request open: the element stays as it would while a real video streams in.
    await page.route('https://videos.example.test/**', (route) => {
      videoRequests.push(route.request().url())
    })
    await page.goto(`${server.url}/services`)
    const video = page.getByTestId('hero-video')
    await expect(video).toBeAttached()
    await expect(video.locator('source')).toHaveAttribute('src', VIDEO_URL)
    await expect(video.locator('source')).toHaveAttribute('type', 'video/mp4')
    await expect(page.getByRole('button', { name: /(Pause|Play) background video/ })).toBeVisible()
    await expect.poll(() => videoRequests).toContain(VIDEO_URL)
  })

  test('the video is not in the server HTML, so it never delays the first paint', async ({ request }) => {
    const html = await (await request.get(`${server.url}/services`)).text()
    expect(html).toContain('Our Pressure Washing Services')
    expect(html).not.toContain('<video')
  })

  test('with reduced motion the video does not autoplay', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.route('https://videos.example.test/**', () => {})
    await page.goto(`${server.url}/services`)
    await expect(page.getByTestId('hero-video')).toBeAttached()
    await expect(page.getByRole('button', { name: 'Play background video' })).toBeVisible()
    expect(await page.getByTestId('hero-video').evaluate((node: HTMLVideoElement) => node.paused)).toBe(true)
  })

  test('a video that cannot load leaves the dark hero', async ({ page }) => {
    await page.route('https://videos.example.test/**', (route) => route.abort())
    await page.goto(`${server.url}/services`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Pressure Washing Services')
    await expect(page.getByTestId('hero-video')).toHaveCount(0)
  })
})
