import { expect, test } from './support/test'
import { startSiteServer, type SiteServer } from './support/site-server'
import { startSupabaseStub, type SupabaseStub } from './support/supabase-stub'

// Hosted Supabase cannot run here: a second production server is wired to a local stub (e2e/support).
const VIDEO_URL = 'https://videos.example.test/services-hero.mp4'

async function startWith(
  videos: Parameters<typeof startSupabaseStub>[0],
): Promise<{ stub: SupabaseStub; server: SiteServer }> {
  const stub = await startSupabaseStub(videos)
  const server = await startSiteServer({ SUPABASE_URL: stub.url, SUPABASE_ANON_KEY: stub.anonKey })
  return { stub, server }
}

test.describe('services hero with a featured service video (hosted Supabase stubbed)', () => {
  let stub: SupabaseStub
  let server: SiteServer

  test.beforeAll(async () => {
    ;({ stub, server } = await startWith({
      videos: {
        service_videos: { id: 'v-1', video_url: VIDEO_URL, mime_type: '', is_featured: true, title: 'Driveway' },
        pressure_washing_videos: null,
      },
    }))
  })
  test.afterAll(async () => {
    await server?.stop()
    await stub?.stop()
  })

  test('plays the featured video muted behind a dark overlay, with a pause button', async ({ page }) => {
    const videoRequests: string[] = []
    // Hold the request open: the element stays as it would while a real video streams in.
    await page.route('https://videos.example.test/**', (route) => {
      videoRequests.push(route.request().url())
    })
    await page.goto(`${server.url}/services`)
    const video = page.getByTestId('hero-video')
    await expect(video).toBeAttached()
    await expect(video.locator('source')).toHaveAttribute('src', VIDEO_URL)
    // An empty mime_type falls back to video/mp4 (docs/product.md#what-is-stored).
    await expect(video.locator('source')).toHaveAttribute('type', 'video/mp4')
    expect(
      await video.evaluate((node: HTMLVideoElement) => ({
        muted: node.muted,
        loop: node.loop,
        playsInline: node.playsInline,
      })),
    ).toEqual({
      muted: true,
      loop: false,
      playsInline: true,
    })
    await expect(page.getByRole('button', { name: /(Pause|Play) background video/ })).toBeVisible()
    await expect.poll(() => videoRequests).toContain(VIDEO_URL)
    // Read through the stub: table service_videos, featured only, one row.
    expect(
      stub.requests.some(
        (request) => request.path.startsWith('/rest/v1/service_videos') && request.path.includes('is_featured=eq.true'),
      ),
    ).toBe(true)
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

test.describe('services hero when reading service_videos fails (hosted Supabase stubbed)', () => {
  let stub: SupabaseStub
  let server: SiteServer

  test.beforeAll(async () => {
    ;({ stub, server } = await startWith({
      videos: { service_videos: { status: 500, body: { message: 'boom' } }, pressure_washing_videos: null },
    }))
  })
  test.afterAll(async () => {
    await server?.stop()
    await stub?.stop()
  })

  test('the page still answers 200 with a dark hero and the service details', async ({ page }) => {
    const response = await page.goto(`${server.url}/services?tab=roof`)
    expect(response?.status()).toBe(200)
    await expect(page.locator('#service-title')).toHaveText('Roof Cleaning')
    await page.waitForLoadState('networkidle')
    await expect(page.locator('video')).toHaveCount(0)
  })
})
