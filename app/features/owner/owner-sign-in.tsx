import { getRouteApi } from '@tanstack/react-router'
import { OwnerShell, ownerButtonClass as button } from '~/components/owner/owner-shell'
import { SIGN_IN_TEXTS } from '~/features/owner/owner-lead'

export function OwnerSignInForm({ link }: { link?: 'sent' | 'expired' }) {
  return (
    <OwnerShell>
      <h1 className="text-2xl font-bold">{SIGN_IN_TEXTS.heading}</h1>
      <p className="mt-2 text-slate-700">{SIGN_IN_TEXTS.intro}</p>
      {link && (
        <p role="status" className="mt-4 rounded-lg bg-slate-100 p-3 text-slate-900">
          {link === 'sent' ? SIGN_IN_TEXTS.sent : SIGN_IN_TEXTS.expired}
        </p>
      )}
      <form method="post" action="/owner/sign-in" className="mt-6 grid gap-3">
        <label htmlFor="owner-email" className="font-semibold">
          E-mail address
        </label>
        <input
          id="owner-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={254}
          className="min-h-11 rounded-lg border border-slate-500 px-3 focus-visible:outline-3 focus-visible:outline-brand-700"
        />
        <button type="submit" className={button}>
          E-mail me a sign-in link
        </button>
      </form>
    </OwnerShell>
  )
}

const signInRoute = getRouteApi('/owner_/sign-in')

export function OwnerSignInConfirm() {
  const { token } = signInRoute.useSearch()
  return (
    <OwnerShell>
      <h1 className="text-2xl font-bold">{SIGN_IN_TEXTS.confirm}</h1>
      <p className="mt-2 text-slate-700">{SIGN_IN_TEXTS.confirmIntro}</p>
      <form method="post" action="/owner/sign-in" className="mt-6">
        <input type="hidden" name="token" value={token ?? ''} />
        <button type="submit" className={button}>
          Sign in
        </button>
      </form>
    </OwnerShell>
  )
}
