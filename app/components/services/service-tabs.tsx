import { useEffect, useRef, type KeyboardEvent } from 'react'
import { Link, useHydrated, useNavigate } from '@tanstack/react-router'
import { serviceList } from '~/content/service-list'
import type { ServiceId } from '~/content/types'
import { prefersReducedMotion } from '~/lib/page/scroll'

function revealInRow(row: HTMLElement | null, chip: HTMLElement, animate = true) {
  if (!row || row.scrollWidth <= row.clientWidth) return
  const left = chip.offsetLeft - row.offsetLeft
  const right = left + chip.offsetWidth
  const behavior = animate && !prefersReducedMotion() ? 'smooth' : 'auto'
  if (left < row.scrollLeft) row.scrollTo({ left: left - 16, behavior })
  else if (right > row.scrollLeft + row.clientWidth) row.scrollTo({ left: right - row.clientWidth + 16, behavior })
}

const count = serviceList.length
const next = (index: number) => (index + 1) % count
const previous = (index: number) => (index - 1 + count) % count
/** The radio group's keys: the chip each one moves to from the chip at `index`. */
const moves = new Map<string, (index: number) => number>([
  ['ArrowRight', next],
  ['ArrowDown', next],
  ['ArrowLeft', previous],
  ['ArrowUp', previous],
  ['Home', () => 0],
  ['End', () => count - 1],
  // Space chooses the chip that has the focus.
  [' ', (index) => index],
])

/** Real ?tab= links, so it works without JavaScript. */
export function ServiceTabs({ selected, onChoose }: { selected: ServiceId; onChoose: (id: ServiceId) => void }) {
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const rowRef = useRef<HTMLDivElement>(null)

  const revealedOnce = useRef(false)
  useEffect(() => {
    const animate = revealedOnce.current
    revealedOnce.current = true
    // On arrival scroll-initial-target did it already; measuring now would force a layout in hydration.
    if (!animate && CSS.supports('scroll-initial-target', 'nearest')) return
    const chip = rowRef.current?.querySelector<HTMLElement>('[aria-checked="true"]')
    if (chip) revealInRow(rowRef.current, chip, animate)
  }, [selected])

  function choose(id: ServiceId) {
    onChoose(id)
    void navigate({ to: '/services', search: { tab: id }, resetScroll: false })
  }

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const move = moves.get(event.key)
    if (!move) return
    event.preventDefault()
    const next = move(index)
    rowRef.current?.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus({ preventScroll: true })
    choose(serviceList[next]!.id)
  }

  return (
    <div className="sticky top-16 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 sm:px-6">
        <span id="service-choice-label" className="hidden shrink-0 text-sm font-semibold text-slate-600 xl:block">
          Choose a service
        </span>
        <div
          ref={rowRef}
          role="radiogroup"
          aria-labelledby="service-choice-label"
          className="-mx-4 flex flex-1 gap-2 overflow-x-auto px-4 py-3 [scrollbar-width:none] sm:mx-0 sm:px-0 lg:flex-wrap lg:justify-center xl:justify-start [&::-webkit-scrollbar]:hidden"
        >
          {serviceList.map((service, index) => {
            const checked = service.id === selected
            return (
              <Link
                key={service.id}
                to="/services"
                search={{ tab: service.id }}
                resetScroll={false}
                role="radio"
                aria-checked={checked}
                tabIndex={!hydrated || checked ? 0 : -1}
                title={service.title}
                onClick={() => onChoose(service.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className={`inline-flex min-h-11 shrink-0 items-center rounded-full px-4 text-sm font-semibold whitespace-nowrap transition-colors ${
                  checked
                    ? 'bg-brand-700 text-white shadow-sm [scroll-initial-target:nearest]'
                    : 'bg-slate-100 text-slate-800 ring-1 ring-slate-200 hover:bg-brand-50 hover:text-brand-800'
                }`}
              >
                {service.shortTitle}
              </Link>
            )
          })}
        </div>
      </div>
    </div>
  )
}
