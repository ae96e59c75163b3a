// Finds or installs what the tests need from the system: Chromium's headless shell for Playwright and the whole
// browser for benches, xmllint for the sitemap, the photo tools.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/** Flags for Chromium on this kind of machine: no sandbox as root, and no background network calls. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
].filter((path): path is string => Boolean(path))

/**
 * What `find` finds, once Debian's `debianPackage` is installed with apt-get when it finds nothing (as root only;
 * otherwise it throws, saying how to install it). `what` names it in those messages, `hint` is another way out.
 */
export function installed<T>(what: string, debianPackage: string, find: () => T | undefined, hint = ''): T {
  const found = find()
  if (found) return found
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get'))
    throw new Error(`${what} is missing. Install it (Debian/Ubuntu: sudo apt-get install -y ${debianPackage})${hint}.`)
  console.log(`${what} is missing: installing Debian ${debianPackage} with apt-get ...`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', debianPackage], { stdio: 'inherit', env })
  const after = find()
  if (!after) throw new Error(`apt-get installed ${debianPackage} but ${what} is still missing`)
  return after
}

export const ensureChromium = () =>
  installed('Chromium', 'chromium', () => candidates.find((path) => existsSync(path)), ' or set CHROMIUM_PATH')

/**
 * Chromium's headless shell, which Playwright itself runs headless: no browser around the page, and the e2e suite
 * took about a sixth less time in it than in the whole browser (docs/decisions/067-e2e-in-the-headless-shell.md).
 */
export function ensureHeadlessShell(): string {
  const path = process.env.CHROMIUM_HEADLESS_SHELL ?? '/usr/bin/chromium-headless-shell'
  return installed(path, 'chromium-headless-shell', () => (existsSync(path) ? path : undefined))
}

/** Installs a Debian package when its command is missing (as root with apt-get); throws otherwise. */
export function ensureCommand(command: string, debianPackage: string): void {
  const has = () => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0 || undefined
  installed(command, debianPackage, has)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = ensureChromium()
  const version = spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout.trim()
  console.log(`${path} (${version})`)
}

/** The photo tests make phone photos as a phone does: GPS tags written by exiftool, an iPhone's HEIC by heif-enc. */
export function ensureTestPhotoTools(): void {
  ensureCommand('exiftool', 'libimage-exiftool-perl')
  ensureCommand('heif-enc', 'libheif-examples')
}
