// `.env` for people: read by the build and by the server's start; the shell's variables win (README).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './support/test'
import { logged, startSiteServer } from './support/site-server'

test('a build and a start with a .env show its phone and SITE_URL, the shell still wins, and placeholders left are named in a warning', async () => {
  test.setTimeout(300_000)
  const folder = mkdtempSync(join(tmpdir(), 'site-env-file-'))
  const outputDir = join(folder, 'output')
  const envFile = join(folder, '.env')
  writeFileSync(
    envFile,
    [
      '# as an owner would write it',
      'SITE_URL=https://www.env-file-wash.example',
      'BUSINESS_PHONE="(530) 555-0177"',
      'BUSINESS_EMAIL=from-the-file@env-file-wash.example',
      'HTML_CACHE_SECONDS=0',
      '',
    ].join('\n'),
  )
  // Only the file and this one shell variable set the business facts.
  const shell = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(SITE_URL|BUSINESS_|SOCIAL_|HTML_CACHE)/.test(name)),
  )
  try {
    const build = spawnSync('npx', ['vite', 'build'], {
      env: { ...shell, ENV_FILE: envFile, BUILD_OUTPUT_DIR: outputDir, BUSINESS_EMAIL: 'from-the-shell@example.com' },
      encoding: 'utf8',
    })
    expect(build.status, build.stderr).toBe(0)

    // Started in the folder that holds the .env, as `npm start` is in the project.
    const server = await startSiteServer({}, { outputDir, cwd: folder })
    const home = await (await fetch(`${server.url}/contact`)).text()
    expect(home).toContain('(530) 555-0177')
    expect(home).toContain('href="tel:+15305550177"')
    expect(home).toContain('<link rel="canonical" href="https://www.env-file-wash.example/contact"')
    expect(home).toContain('from-the-shell@example.com')
    expect(home).not.toContain('from-the-file@env-file-wash.example')
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text()
    expect(sitemap).toContain('<loc>https://www.env-file-wash.example/</loc>')
    expect(sitemap).not.toContain('localhost')

    // HTML_CACHE_SECONDS=0 from the file, read at start: pages are rendered anew.
    expect((await fetch(`${server.url}/`)).headers.get('x-page-cache')).toBeNull()

    const warnings = logged(server.records(), 'config', /^PLACEHOLDER BUSINESS FACTS ON A PUBLIC SITE/)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]!.level).toBe('warn')
    expect(warnings[0]!.placeholders).toEqual([
      'BUSINESS_STREET',
      'SOCIAL_INSTAGRAM',
      'SOCIAL_FACEBOOK',
      'SOCIAL_TIKTOK',
      'SOCIAL_LINKEDIN',
    ])
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
})
