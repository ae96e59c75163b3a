import { useEffect, useRef } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { serviceById } from '~/content/services'
import { DEFAULT_SERVICE_TAB, type ServiceId } from '~/content/types'
import { scrollIntoView } from '~/lib/page/scroll'
import { ServicesHero } from './services-hero'
import { ServiceTabs } from './service-tabs'
import { ServiceDetail } from './service-detail'

const route = getRouteApi('/services')

export function ServicesPage() {
  const { tab } = route.useSearch()
  const { price } = route.useLoaderData()
  const service = serviceById(tab ?? DEFAULT_SERVICE_TAB)
  // Only when the visitor picked a service, not on load or back/forward.
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
      {/* From the 5rem scroll padding to the 4rem header. */}
      <div ref={detailAreaRef} className="scroll-mt-[-1rem]">
        <ServiceTabs selected={service.id} onChoose={onChoose} />
        <ServiceDetail service={service} price={price} />
      </div>
    </>
  )
}
