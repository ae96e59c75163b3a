import { claims, site } from './site'
import { serviceAreas } from './service-areas'

export const contactDetails = {
  phone: {
    title: 'Phone',
    note: `${claims.sameDayResponse} every day`,
  },
  email: {
    title: 'Email',
    note: `We reply within ${claims.replyWithin}`,
  },
  serviceArea: {
    title: 'Service Area',
    summary: 'Greater Sacramento & Sacramento County',
    note: `${serviceAreas.length} communities within about ${Math.round(site.serviceRadiusMeters / 1609.344)} miles of ${site.address.city}`,
  },
  hours: {
    title: 'Hours',
    days: 'Every day',
    note: `${claims.freeEstimates}, ${site.hours.days}`,
  },
} as const
