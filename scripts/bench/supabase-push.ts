// npm run bench:supabase-push — the visitor's answer in Supabase mode while the push service hangs
// (docs/decisions/038, 048): the production site against send-quote-email under Deno and PostgreSQL 15
// (tests/support/supabase-local.ts), a stand-in push service (TLS; checks the VAPID JWT and decrypts). 20 quote
// requests with it up, then 20 while it takes each push and answers none for 30 s; then every push must
// arrive once. The bench calls the schedule's `deliverDue` every 2 s, as pg_cron does every minute.
import webpush from 'web-push'
import { localCertificate, phoneKeys, startPushService } from '../../tests/support/push-service'
import { startSiteProcess } from '../../tests/support/site-process'
import { startLocalSupabase } from '../../tests/support/supabase-local'
import { psqlOk, queryJson } from '../../tests/support/supabase-postgres'
import { contactFormToken, median, report } from './common'

const LEADS = Number(process.env.BENCH_PUSH_LEADS ?? 20)
const HANG_MS = Number(process.env.BENCH_PUSH_HANG_MS ?? 30_000)
const SITE_FUNCTION_SECRET = 'bench-supabase-push-site-secret'

const vapid = webpush.generateVAPIDKeys()
const phone = phoneKeys()
const tls = localCertificate()
const push = await startPushService(phone, vapid.publicKey, tls)
const local = await startLocalSupabase({
  names: ['send-quote-email'],
  functionEnv: () => ({
    SITE_FUNCTION_SECRET,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    DENO_CERT: tls.certPath,
  }),
})
const keys = { p256dh: phone.ecdh.getPublicKey().toString('base64url'), auth: phone.auth.toString('base64url') }
psqlOk(
  local.cluster,
  `INSERT INTO public.owner_push_subscriptions (endpoint, p256dh, auth)
   VALUES ('${push.endpoint}', '${keys.p256dh}', '${keys.auth}')`,
)
const site = await startSiteProcess({
  SUPABASE_URL: local.url,
  SUPABASE_ANON_KEY: local.keys.anon,
  SITE_FUNCTION_SECRET,
  VAPID_PUBLIC_KEY: vapid.publicKey,
  QUOTE_RATE_LIMIT: '1000000',
  QUOTE_MIN_FILL_MS: '0',
})

async function until<T>(check: () => T | undefined | false, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const formToken = await contactFormToken(site.url)
let sent = 0
/** The no-JavaScript form, as a visitor's browser posts it; answered once the lead is stored. */
async function sendLead(): Promise<number> {
  const posted = performance.now()
  const response = await fetch(`${site.url}/quote-request`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: site.url, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      firstName: `Push${sent++}`,
      email: `push${sent}@example.com`,
      phone: '9165550101',
      sourcePage: '/city/folsom',
      formToken,
    }),
  })
  const answered = performance.now() - posted
  if (!response.headers.get('location')?.includes('status=sent')) throw new Error(`lead ${sent} not stored`)
  return answered
}

const schedule = setInterval(() => {
  void fetch(`${local.url}/functions/v1/send-quote-email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      Authorization: `Bearer ${local.keys.anon}`,
      apikey: local.keys.anon,
      'x-site-secret': SITE_FUNCTION_SECRET,
    },
    body: JSON.stringify({ deliverDue: true }),
  }).then((answer) => answer.arrayBuffer())
}, 2_000)

try {
  await sendLead() // warm-up: the site's first call and the function's first claim
  await until(() => push.delivered.length === 1, 30_000)

  const up: number[] = []
  for (let i = 0; i < LEADS; i++) up.push(await sendLead())
  await until(() => push.delivered.length === 1 + LEADS, 60_000)

  const hangEnds = Date.now() + HANG_MS
  push.hang(HANG_MS)
  const hanging: number[] = []
  for (let i = 0; i < LEADS; i++) hanging.push(await sendLead())
  const pushedDuringHang = push.delivered.length - (1 + LEADS)
  await until(() => push.delivered.length >= 1 + 2 * LEADS, HANG_MS + 180_000)
  const lastArrival = Math.max(...push.delivered.map((delivered) => delivered.at))
  // Nothing more may come: each lead's push once.
  await new Promise((resolve) => setTimeout(resolve, 10_000))
  const rows = queryJson<{ n: number; sent: number }>(
    local.cluster,
    `SELECT count(*)::int AS n, count(sent_at)::int AS sent FROM public.quote_outbox WHERE kind = 'owner_push'`,
  )[0]!

  report(
    'supabase-push',
    [
      {
        case: `push service up, ${LEADS} leads one at a time`,
        'answer p50 ms': Math.round(median(up)),
        'answer max ms': max(up),
      },
      {
        case: `push service hanging ${HANG_MS / 1000} s, ${LEADS} leads`,
        'answer p50 ms': Math.round(median(hanging)),
        'answer max ms': max(hanging),
        'pushes during the hang': pushedDuringHang,
        'last push after it ended, s': Math.round((lastArrival - hangEnds) / 100) / 10,
      },
    ],
    ['case', 'answer p50 ms', 'answer max ms', 'pushes during the hang', 'last push after it ended, s'],
  )
  console.log(`owner_push rows ${rows.n}, sent ${rows.sent}; pushes received ${push.delivered.length}`)
  if (push.delivered.length !== rows.n || rows.sent !== rows.n || push.refused.length > 0) {
    console.error('A push was lost, repeated or refused.')
    process.exitCode = 1
  }
} finally {
  clearInterval(schedule)
  await site.stop()
  await local.stop()
  await push.stop()
}

function max(values: number[]): number {
  return Math.round(Math.max(...values))
}
