// Today's stops in driving order (docs/decisions/063-owner-day.md): window by window, the exact shortest path from the
// home base over every order of up to 8 stops, by straight-line distance between ZIP centroids (the `zipcodes`
// package's California ones); past 8 (40,320 orders) the nearest stop next. No paid API, nothing leaves the server.
import { smsHref } from '../../content/site'
import type { Db } from '../../platform/db/database.server'
import { pacificDate } from '../../platform/time/business-hours.server'
import { sanitizeText } from '../../platform/transport/mail.server'
import { cityOfZip } from '../leads/index.server'
import { formatWindow } from '../quotes'
import { addDays, DEFAULT_SENDER, onMyWayText } from './schedule'
import { homeBaseZip } from './schedule-schema'
import { dateValue, scheduleSettings } from './truck-days.server'
// The attribute Node's own loader needs: Playwright's specs reach this module outside Vite.
import californiaZips from './california-zips.json' with { type: 'json' }

const EXACT_ORDER_LIMIT = 8

type Point = { latitude: number; longitude: number }

// Written from the `zipcodes` package by tests/server/owner-day.test.ts: the whole package is 7 MB of code that
// held 35–80 MB of the server's memory from its start (decision 063).
const CENTROIDS = new Map(
  (californiaZips as [zip: string, latitude: number, longitude: number][]).map(([zip, latitude, longitude]) => [
    zip,
    { latitude, longitude },
  ]),
)

const centroid = (zip: string | null): Point | null => (zip ? (CENTROIDS.get(zip.slice(0, 5)) ?? null) : null)

/** Great-circle kilometres between two points. */
function distance(a: Point, b: Point): number {
  const rad = Math.PI / 180
  const dLat = (b.latitude - a.latitude) * rad
  const dLon = (b.longitude - a.longitude) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2
  return 12_742 * Math.asin(Math.sqrt(h))
}

/**
 * The order of `points` (indexes) that makes the shortest path from `start` through all of them: every
 * permutation up to EXACT_ORDER_LIMIT, nearest-next beyond it. Ties keep the earlier order.
 */
export function shortestOrder(start: Point, points: Point[]): number[] {
  if (points.length > EXACT_ORDER_LIMIT) return nearestNext(start, points)
  let best: number[] = points.map((_, i) => i)
  let bestLength = Infinity
  const visit = (from: Point, order: number[], left: number[], length: number) => {
    if (length >= bestLength) return
    if (left.length === 0) {
      best = order
      bestLength = length
      return
    }
    for (const next of left)
      visit(
        points[next]!,
        [...order, next],
        left.filter((i) => i !== next),
        length + distance(from, points[next]!),
      )
  }
  visit(start, [], best, 0)
  return best
}

function nearestNext(start: Point, points: Point[]): number[] {
  const left = points.map((_, i) => i)
  const order: number[] = []
  let from = start
  while (left.length > 0) {
    left.sort((a, b) => distance(from, points[a]!) - distance(from, points[b]!))
    const next = left.shift()!
    order.push(next)
    from = points[next]!
  }
  return order
}

/** A Google Maps directions link to the address from where the phone is: no key needed. */
const directionsUrl = (address: string) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`

/** The jobs of a Pacific day in driving order from the home base (stops without a known ZIP last). */
export async function stopsOf(db: Db, day: string) {
  const [settings, jobs] = await Promise.all([
    scheduleSettings(db),
    db
      .selectFrom('jobs as j')
      .innerJoin('leads as l', 'l.id', 'j.lead_id')
      .innerJoin('quotes as q', 'q.lead_id', 'j.lead_id')
      .select(['l.id', 'l.first_name', 'l.phone', 'l.service_street', 'l.service_zip'])
      .select(['j.arrival_start', 'j.arrival_end', 'q.accepted_items'])
      .where('j.day', '=', dateValue(day))
      .where('j.cancelled_at', 'is', null)
      .orderBy('j.arrival_start')
      .orderBy('l.created_at')
      .execute(),
  ])
  const sender = settings.senderName ?? DEFAULT_SENDER
  const stops = jobs.map((job) => {
    const city = cityOfZip(job.service_zip)?.name
    const address = [job.service_street, [city, 'CA', job.service_zip].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ')
    const items = (job.accepted_items as { description: string }[] | null) ?? []
    return {
      leadId: job.id,
      firstName: job.first_name,
      address,
      window: formatWindow(job.arrival_start.slice(0, 5), job.arrival_end.slice(0, 5)),
      items: items.map((item) => item.description),
      navigate: directionsUrl(address),
      onMyWay: job.phone ? smsHref(job.phone, onMyWayText(job.first_name, sender)) : null,
    }
  })
  const home = centroid(settings.homeBase && homeBaseZip(settings.homeBase))
  if (!home) return { homeBase: settings.homeBase, stops }
  // A window is a promise: each arrival window in turn, earliest first (the jobs come sorted by it), the shortest
  // path through its stops from where the last window's ended; a stop without a known ZIP ends its window.
  const points = jobs.map((job) => centroid(job.service_zip))
  const ordered: typeof stops = []
  let from = home
  for (const arrival of new Set(stops.map((stop) => stop.window))) {
    const placed = stops.flatMap((stop, i) => (stop.window === arrival && points[i] ? [i] : []))
    const order = shortestOrder(
      from,
      placed.map((i) => points[i]!),
    ).map((k) => placed[k]!)
    ordered.push(...order.map((i) => stops[i]!), ...stops.filter((stop, i) => stop.window === arrival && !points[i]))
    if (order.length > 0) from = points[order.at(-1)!]!
  }
  return { homeBase: settings.homeBase, stops: ordered }
}

/** The Today view: the home base, and the day's stops in driving order. */
export type TodayStops = Awaited<ReturnType<typeof stopsOf>>

const STOPS = "Tomorrow's stops, in driving order"

/** The morning list's part (decision 066): tomorrow's stops, one line each, in driving order. */
export async function tomorrowsStops(db: Db, now: Date) {
  const { stops } = await stopsOf(db, addDays(pacificDate(now), 1))
  if (stops.length === 0) return null
  // Without the leading number: the e-mail numbers them.
  const lines = stops.map((stop) => sanitizeText(`${stop.window}: ${stop.firstName}, ${stop.address}`, 300))
  return { subject: STOPS, groups: [{ heading: `${STOPS}:`, lines, ordered: true }] }
}
