// npm run bench:push — a lead's push at the phone (embedded mode): the owner signs in and turns alerts on in
// Chromium, whose subscribe() answers with a stand-in push service's subscription (TLS; it checks the VAPID
// JWT and decrypts as the phone would: tests/support/push-service.ts). Then leads one at a time by the
// no-JavaScript form, timed from the post to the push's arrival; then one with the push service down.
import webpush from 'web-push'
import { OWNER_TEXTS } from '../../app/features/owner/owner-lead'
import { OWNER, ownerEnv } from '../../e2e/support/owner'
import { localCertificate, phoneKeys, startPushService, subscriptionOf } from '../../tests/support/push-service'
import { contactFormToken, failIfAny, launchChromium, median, newestMailLink, postLeadForm } from './common'
import { report, SIGN_IN_LINK, startProductionServer, until } from './common'

const LEADS = Number(process.env.BENCH_PUSH_LEADS ?? 20)
const DOWN_MS = Number(process.env.BENCH_PUSH_DOWN_MS ?? 10_000)
const BUDGET_MS = 5_000

const vapid = webpush.generateVAPIDKeys()
const phone = phoneKeys()
const tls = localCertificate()
const push = await startPushService(phone, vapid.publicKey, tls)
const server = await startProductionServer({
  ...ownerEnv(),
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  NODE_EXTRA_CA_CERTS: tls.certPath,
  TEST_ONLY_PUSH_TO_LOOPBACK: 'on', // the stand-in is on 127.0.0.1
  QUOTE_RATE_LIMIT: '1000000',
  QUOTE_MIN_FILL_MS: '0',
})

const browser = await launchChromium()
try {
  const context = await browser.newContext()
  await context.grantPermissions(['notifications'], { origin: server.url })
  const page = await context.newPage()
  const subscription = { ...subscriptionOf(phone, push.endpoint), expirationTime: null }
  // A string, not a function: tsx would name the function with a helper the page does not have.
  await page.addInitScript(
    `PushManager.prototype.subscribe = async () => ({ toJSON: () => (${JSON.stringify(subscription)}) })`,
  )
  await page.goto(`${server.url}/owner`)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await page.getByLabel('E-mail address').fill(OWNER)
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
  await page.goto(await until('the sign-in mail', () => newestMailLink(server, SIGN_IN_LINK), 30_000))
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(`${server.url}/owner`)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await page.getByRole('button', { name: 'Turn on alerts for new leads' }).click()
  const status = page.getByRole('status').filter({ hasText: /alerts/i })
  await status.waitFor()
  if ((await status.textContent()) !== OWNER_TEXTS.alertsOn) throw new Error(`alerts: ${await status.textContent()}`)
} finally {
  await browser.close()
}

const formToken = await contactFormToken(server.url)
async function sendLead(firstName: string): Promise<{ posted: number; answeredMs: number }> {
  const posted = Date.now()
  await postLeadForm(server.url, { firstName, email: 'push@example.com', formToken })
  return { posted, answeredMs: Date.now() - posted }
}

const latencies: number[] = []
const answers: number[] = []
for (let i = 0; i < LEADS; i++) {
  const { posted, answeredMs } = await sendLead(`Push${i}`)
  const delivered = await until(`push ${i}`, () => push.delivered[i], 30_000)
  latencies.push(delivered.at - posted)
  answers.push(answeredMs)
}

const back = Date.now() + DOWN_MS
push.down(DOWN_MS)
const down = await sendLead('PushDown')
const late = await until('the late push', () => push.delivered[LEADS], DOWN_MS + 120_000)
await server.stop()
await push.stop()

const rows = [
  {
    case: `post → push, ${LEADS} leads one at a time`,
    'answer p50 ms': median(answers),
    'push p50 ms': median(latencies),
    'push max ms': Math.max(...latencies),
  },
  {
    case: `push service down ${DOWN_MS / 1000} s`,
    'answer p50 ms': down.answeredMs,
    'push after it was back, ms': late.at - back,
  },
]
report('push', rows, ['case', 'answer p50 ms', 'push p50 ms', 'push max ms', 'push after it was back, ms'])
if (push.refused.length > 0 || median(latencies) > BUDGET_MS)
  failIfAny([`${push.refused.length} pushes refused; median ${median(latencies)} ms (≤ ${BUDGET_MS})`])
