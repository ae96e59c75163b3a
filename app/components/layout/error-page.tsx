import { Link, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { site } from '~/content/site'

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  useEffect(() => {
    console.error(error)
  }, [error])
  return (
    <section className="flex min-h-[60vh] items-center justify-center px-4 py-24">
      <div className="max-w-md text-center">
        <h1 className="text-3xl font-bold text-slate-900">Something went wrong</h1>
        <p className="mt-3 text-slate-600">
          Please try again, or call us at{' '}
          <a className="font-semibold text-brand-800 underline" href={site.phoneHref}>
            {site.phone}
          </a>
          .
        </p>
        <div className="mt-8 flex justify-center gap-3">
          <button
            type="button"
            onClick={reset}
            className="min-h-11 rounded-full bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
          >
            Try again
          </button>
          <Link
            to="/"
            className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-6 font-semibold"
          >
            Return to Home
          </Link>
        </div>
      </div>
    </section>
  )
}
