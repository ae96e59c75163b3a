import { getRouteApi } from '@tanstack/react-router'
import { claims } from '~/content/site'
import { VideoHero } from '~/components/shared/video-hero'
import { CallButton, LeadFormLink } from '~/components/shared/action-buttons'

const servicesRoute = getRouteApi('/services')

export function ServicesHero() {
  // A failure leaves the hero dark.
  const video = servicesRoute.useLoaderData({ select: (data) => data.video })
  return (
    <VideoHero video={video}>
      <div className="mx-auto flex min-h-[380px] max-w-7xl flex-col justify-center px-4 py-16 sm:px-6 md:min-h-[440px]">
        <p className="text-sm font-semibold tracking-wider text-accent-300 uppercase">
          Greater Sacramento &amp; Sacramento County
        </p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          Our Pressure Washing Services
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-100">
          {`${claims.licensed}. ${claims.freeEstimates}, ${claims.sameDayResponse.toLowerCase()} and a ${claims.guarantee.toLowerCase()} on every job.`}
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <LeadFormLink />
          <CallButton look="outlineOnDark" />
        </div>
      </div>
    </VideoHero>
  )
}
