import { useEffect, useRef } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { serviceById } from '~/content/services'
import { DEFAULT_SERVICE_TAB, type ServiceId } from '~/content/types'
import { scrollIntoView } from '~/lib/scroll'
import { ServicesHero } from './services-hero'
import { ServiceTabs } from './service-tabs'
import { ServiceDetail } from './service-detail'

const route = getRouteApi('/services')

export function ServicesPage() {
  // The selected service always follows ?tab= (links, the toggle row, back and forward).
  const { tab } = route.useSearch()
  const service = serviceById(tab ?? DEFAULT_SERVICE_TAB)
  // Scroll to the detail area only when the visitor picked a service, not on load or back/forward.
  const scrollAfterChange = useRef(false)
  const detailAreaRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!scrollAfterChange.current) return
    scrollAfterChange.current = false
    scrollIntoView(detailAreaRef.current)
  }, [service.id])

  function onChoose(id: ServiceId) {
    if (id === service.id) scrollIntoView(detailAreaRef.current)
    else scrollAfterChange.current = true
  }

  return (
    <>
      <ServicesHero />
      {/* -1rem: from the page's 5rem scroll padding down to the 4rem header, so the row sticks right under it. */}
      <div ref={detailAreaRef} className="scroll-mt-[-1rem]">
        <ServiceTabs selected={service.id} onChoose={onChoose} />
        <ServiceDetail service={service} />
      </div>
    </>
  )
}
