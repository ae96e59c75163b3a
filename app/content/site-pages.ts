import type { FileRoutesByPath } from '@tanstack/react-router'
import { citySlugs } from './service-areas'

type Route = keyof FileRoutesByPath

export interface SitePage<R extends Route = Route> {
  route: R
  path: string
  /** Tests and benches visit one page of each kind. */
  kind: 'home' | 'services' | 'city' | 'gallery' | 'epoxy' | 'contact' | 'reviews'
  priority: string
}

/** Every indexed page: the sitemap, tests, benches and SEO checks read it. */
export const sitePages = [
  { route: '/', path: '/', kind: 'home', priority: '1.0' },
  { route: '/services', path: '/services', kind: 'services', priority: '0.9' },
  { route: '/contact', path: '/contact', kind: 'contact', priority: '0.9' },
  { route: '/gallery', path: '/gallery', kind: 'gallery', priority: '0.8' },
  { route: '/reviews', path: '/reviews', kind: 'reviews', priority: '0.8' },
  { route: '/epoxy', path: '/epoxy', kind: 'epoxy', priority: '0.7' },
  ...citySlugs.map((slug): SitePage<'/city/$citySlug'> => ({
    route: '/city/$citySlug',
    path: `/city/${slug}`,
    kind: 'city',
    priority: '0.7',
  })),
] as const satisfies readonly SitePage[]

/** Why each other route is not in the sitemap (checked by tests/types/page-list.ts). */
export const unlistedRoutes = {
  '/$': 'any unknown address: the not-found page',

  '/404': 'the not-found page',
  '/500': 'the error page, for a request whose handler failed',
  '/quote-request': "one visitor's quote result",
  '/robots.txt': 'for crawlers',
  '/sitemap.xml': 'the sitemap itself',
  '/site.webmanifest': 'the web manifest',
  '/owner': "the owner's signed-in inbox: noindex, never cached",
  '/owner_/sign-in': "the owner's sign-in link lands here",
  '/owner_/manifest.webmanifest': "the inbox's web manifest",
  '/owner_/sw.js': "the inbox's service worker",
  '/owner_/photos/$leadId/$name': "a visitor's photo, for the signed-in owner only",
  '/owner_/conversions.csv': 'won ad clicks for Google Ads, for the signed-in owner only',
  '/quote-photos': "where a visitor's photos are posted",
  '/owner_/work': "where the owner posts a job's photos",
  '/work-photos/$file': "a posted job's photo file",
  '/quote/$token': "one customer's quote, by its unguessable link: noindex, never cached",
  '/quote_/$token/day': 'where a customer asks for a day on an accepted quote',
  '/owner_/today': "the owner's stops of the day, for the signed-in owner only",
  '/owner_/truck-days': "the owner's truck days and blocked dates, for the signed-in owner only",
  '/calendar/$file': "the owner's private calendar feed",
  '/pay/$token': "one customer's invoice to pay, by its unguessable link: noindex, never cached",
  '/stripe/webhook': "Stripe's signed events about card payments",
  '/owner_/money.csv': 'payments and refunds for the bookkeeper, for the signed-in owner only',
  '/owner_/due-again': 'past customers due again, for the signed-in owner only',
  '/owner_/past-jobs': "where the owner's CSV of past jobs is posted",
  '/owner_/past-jobs-template.csv': 'the past jobs import template, for the signed-in owner only',
  '/owner_/past-customers.csv': 'past customers and their jobs, for the signed-in owner only',
  '/come-back/$token': 'a reminder\'s offered day and "Not this year", by its unguessable link: noindex, never cached',
  '/come-back/stop/$token': '"Stop reminders", by its unguessable link: noindex, never cached',
  '/r/$token': "a review request's link, counted and redirected",
} satisfies Partial<Record<Route, string>>
