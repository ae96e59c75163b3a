import { claims, site } from './site'
import { serviceAreas } from './service-areas'

/** "Text us": the customer starts a thread the owner answers from his own phone; nothing is sent for them. */
export const textUs = {
  label: 'Text us',
  body: {
    contact: "Hi! I'd like a free quote for pressure washing.",
    city: (city: string) => `Hi! I'd like a free pressure washing quote in ${city}.`,
    sent: (place: string | null) => `Hi! I just sent a quote request on your website${place ? ` for ${place}` : ''}.`,
  },
} as const

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
