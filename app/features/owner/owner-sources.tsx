// The inbox's Sources view: leads per channel and per answer to "How did you hear about us?" for one period,
// as two real tables that wrap to a phone's width; the period switch is three links, so it works as HTML.
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import {
  channelLabel,
  heardAboutLabel,
  OWNER_CONVERSIONS_URL,
  SOURCES_TEXTS,
  winRate,
} from '~/features/owner/owner-lead'
import { SOURCE_PERIODS } from '~/features/owner/owner-views'
import type { LeadSources, SourceCount } from './inbox.server'
import { formatCents } from '~/lib/money'
import { SOURCES_PARTS } from './inbox-parts'

// A soft hyphen lets "Contacted" break on a 360 px screen rather than push the table wider than the page.
const COLUMNS = ['Leads', 'Con\u00ADtacted', 'Quoted', 'Won', 'Win rate'] as const

const periodClass =
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-lg border border-brand-700 px-2 font-semibold whitespace-nowrap text-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white'

// Narrow padding and smaller headings: six columns fit 328 px (a 360 px phone less the page's margins).
const pad = 'px-1 py-2 align-top'
const cell = `border-t border-slate-200 text-right ${pad}`
const footCell = `border-t-2 border-slate-400 text-right ${pad}`

const COUNTED = ['leads', 'contacted', 'quoted', 'won', 'wonCents'] as const

function total(rows: SourceCount[]): SourceCount {
  const sums = COUNTED.map((key) => [key, rows.reduce((acc, row) => acc + row[key], 0)])
  return { value: null, ...(Object.fromEntries(sums) as Omit<SourceCount, 'value'>) }
}

function Counts({ row, className }: { row: SourceCount; className: string }) {
  return (
    <>
      {COUNTED.slice(0, 4).map((key) => (
        <td key={key} className={className}>
          {row[key]}
        </td>
      ))}
      <td className={className}>{winRate(row.won, row.leads)}</td>
    </>
  )
}

function SourcesTable({
  caption,
  heading,
  rows,
  label,
}: {
  caption: string
  heading: string
  rows: SourceCount[]
  label: (value: string | null) => string
}) {
  const all = total(rows)
  const captionId = useId()
  // Wider than the page even wrapped (320 px, a larger font): the table scrolls in its own focusable box, not the
  // page (WCAG 1.4.10 lets data tables scroll), and its caption keeps to the box's width so it is read whole.
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="@container mt-6 overflow-x-auto focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900"
    >
      <table className="w-full border-collapse text-sm tabular-nums">
        <caption id={captionId} className="sticky left-0 mb-2 max-w-[100cqw] text-left text-base font-semibold">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="px-1 py-2 text-left align-bottom text-xs">
              {heading}
            </th>
            {COLUMNS.map((name) => (
              <th key={name} scope="col" className="px-1 py-2 text-right align-bottom text-xs">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.value ?? ''}>
              <th scope="row" className={`border-t border-slate-200 text-left font-normal ${pad}`}>
                {label(row.value)}
                {row.wonCents > 0 && (
                  <span className="block text-xs text-slate-700">{formatCents(row.wonCents)} won</span>
                )}
              </th>
              <Counts row={row} className={cell} />
            </tr>
          ))}
        </tbody>
        <tfoot className="font-semibold">
          <tr>
            <th scope="row" className={`border-t-2 border-slate-400 text-left ${pad}`}>
              All leads
            </th>
            <Counts row={all} className={footCell} />
          </tr>
        </tfoot>
      </table>
    </div>
  )
}

export default function OwnerSources({ sources }: { sources: LeadSources }) {
  const { days, channels, answers, prices } = sources
  return (
    <section aria-labelledby="owner-sources-heading" className="mt-4">
      <h2 id="owner-sources-heading" className="text-xl font-bold">
        Where leads come from
      </h2>
      <nav aria-label="Period" className="mt-3 flex gap-2">
        {SOURCE_PERIODS.map((period) => (
          <Link
            key={period}
            to="/owner"
            search={{ view: 'sources', days: period === SOURCE_PERIODS[0] ? undefined : period }}
            activeOptions={{ exact: true }}
            className={periodClass}
          >
            {SOURCES_TEXTS.period(period)}
          </Link>
        ))}
      </nav>
      {channels.length === 0 ? (
        <p className="mt-6">{SOURCES_TEXTS.none}</p>
      ) : (
        <>
          <SourcesTable
            caption={SOURCES_TEXTS.byChannel(days)}
            heading="Channel"
            rows={channels}
            label={channelLabel}
          />
          <SourcesTable
            caption={SOURCES_TEXTS.byAnswer(days)}
            heading="Answer"
            rows={answers}
            label={(value) => heardAboutLabel(value) || SOURCES_TEXTS.noAnswer}
          />
        </>
      )}
      {prices.length > 0 && (
        <table className="mt-6 w-full border-collapse text-sm tabular-nums">
          <caption className="mb-2 text-left text-base font-semibold">{SOURCES_TEXTS.byPrice(days)}</caption>
          <thead>
            <tr>
              {SOURCES_TEXTS.priceColumns.map((name, index) => (
                <th key={name} scope="col" className={`${pad} text-xs ${index ? 'text-right' : 'text-left'}`}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {prices.map((row) => (
              <tr key={row.service}>
                <th scope="row" className={`border-t border-slate-200 text-left font-normal ${pad}`}>
                  {row.service}
                </th>
                <td className={cell}>{row.below}</td>
                <td className={cell}>{row.inside}</td>
                <td className={cell}>{row.above}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {SOURCES_PARTS.map((Part, i) => (
        <Part key={i} sources={sources} />
      ))}
      <p className="mt-6">
        {/* A plain download: the browser saves the file, and the route checks the session (401 without). */}
        <a
          href={OWNER_CONVERSIONS_URL}
          download
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900"
        >
          {SOURCES_TEXTS.download}
        </a>
      </p>
      <p className="mt-1 text-sm text-slate-700">{SOURCES_TEXTS.downloadHelp}</p>
    </section>
  )
}
