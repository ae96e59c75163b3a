import { Link } from '@tanstack/react-router'
import { pageSeo } from '~/content/pages'

export function NotFoundPage() {
  return (
    <>
      <title>{pageSeo.notFound.title}</title>
      <meta name="robots" content="noindex" />
      <section className="flex min-h-[60vh] items-center justify-center px-4 py-24">
        <div className="text-center">
          <p className="text-7xl font-extrabold text-brand-700" aria-hidden="true">
            404
          </p>
          <h1 className="mt-4 text-3xl font-bold text-slate-900">Oops! Page not found</h1>
          <p className="mt-3 text-slate-600">The page you are looking for doesn't exist or has moved.</p>
          <Link
            to="/"
            className="mt-8 inline-flex min-h-11 items-center rounded-full bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
          >
            Return to Home
          </Link>
        </div>
      </section>
    </>
  )
}
