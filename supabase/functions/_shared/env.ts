export function env(name: string): string | undefined {
  const value = Deno.env.get(name)?.trim()
  return value ? value : undefined
}

/** Their values must never appear in a response or a log line (log.ts redacts them). */
export const SECRET_NAMES = [
  'SUPABASE_SERVICE_ROLE_KEY',
  'SUPABASE_SECRET_KEYS',
  'SUPABASE_DB_URL',
  'SUPABASE_ANON_KEY',
  'FUNCTIONS_DATABASE_URL',
  'RESEND_API_KEY',
  'SMTP_URL',
  'GOOGLE_PLACES_API_KEY',
  'GOOGLE_PLACE_ID',
  'ASSISTANT_LLM_KEY',
  'SITE_FUNCTION_SECRET',
  'LEAD_WEBHOOK_SECRET',
  'VAPID_PRIVATE_KEY',
  // Zapier's and Make's hook addresses are themselves the credential.
  'LEAD_WEBHOOK_URL',
] as const

export function secretValues(): string[] {
  const values = new Set<string>()
  for (const name of SECRET_NAMES) {
    const value = env(name)
    if (!value || value.length < 6) continue
    values.add(value)
    // SUPABASE_SECRET_KEYS is a JSON dictionary: each key is a secret on its own.
    if (value.startsWith('{')) {
      try {
        for (const inner of Object.values(JSON.parse(value) as Record<string, unknown>)) {
          if (typeof inner === 'string' && inner.length >= 6) values.add(inner)
        }
      } catch {
        // not JSON
      }
    }
    // A URL's password (SMTP_URL, *_DB_URL) is a secret on its own.
    try {
      const url = new URL(value)
      if (url.password && url.password.length >= 4) {
        values.add(url.password)
        values.add(decodeURIComponent(url.password))
      }
    } catch {
      // not a URL
    }
  }
  return [...values].sort((a, b) => b.length - a.length)
}

/** The legacy SUPABASE_SERVICE_ROLE_KEY, else the first of SUPABASE_SECRET_KEYS. */
export function serviceKey(): string | undefined {
  const legacy = env('SUPABASE_SERVICE_ROLE_KEY')
  if (legacy) return legacy
  const keys = env('SUPABASE_SECRET_KEYS')
  if (!keys) return undefined
  try {
    const parsed = JSON.parse(keys) as Record<string, unknown>
    const first = (
      typeof parsed.default === 'string' ? parsed.default : Object.values(parsed).find((v) => typeof v === 'string')
    ) as string | undefined
    return first?.trim() || undefined
  } catch {
    return undefined
  }
}
