// CalOPPA asks for the notice's date and a Do Not Track statement.
import { fullAddress, site } from './site'
import { reviewsWidget } from './reviews-widget'

export const privacyNotice = {
  heading: 'Privacy Notice',
  effectiveDate: 'November 28, 2026',
  sections: [
    {
      heading: 'What we collect',
      paragraphs: [
        'When you ask for a quote: your first name, e-mail address and phone number, the page you sent the form from, your browser’s description of itself (its user agent) and a salted hash of your internet address. We never store the address itself, and the hash cannot be turned back into it.',
        'If you give them: the service and size you chose (with the typical price we showed you for it), the service address (street and ZIP code) and the time that suits you best. After sending, you may add up to 5 photos of the job. We re-encode each photo and remove its location data and other hidden details before storing it, and only the owner sees them.',
        'Photos of finished work: with the customer’s agreement, we may show before-and-after photos of a job on this site, with the town and the kind of work. We take them without house numbers, faces or licence plates, and the site removes their location data and other hidden details before publishing them. They name no customer.',
        'When we have done a job for you: your name, e-mail address, phone number, service address, what we did, when and its price, so we can remind you when it is due again. The owner may also import these details of jobs done before this site. Each reminder offers “Stop reminders” and “Not this year”.',
        'When you use the chat: the message you type, to answer it. Chat messages are not stored; when an AI service is set up to help answer, the message is sent to it for that answer only.',
        'Where your visit came from, sent with your quote request: the campaign tags and ad click codes in the address you arrived by (such as utm_source or gclid, which an ad or a tagged link adds to it), the first page of the site you opened, and the name of the site that sent you here (only its name, such as www.google.com, never the page). If you answer “How did you hear about us?”, your answer too.',
        'The site sets no cookies but one: when you send the quote form with your browser’s JavaScript turned off, the page that follows keeps your one-time permission to add photos in a cookie sent only to that page, deleted once the photos are sent or after 24 hours. The site uses no analytics or advertising trackers. The note of where your visit came from is kept in that browser tab only (its session storage), is gone when you close it, and reaches us only with a quote request you send.',
      ],
    },
    {
      heading: 'Why',
      paragraphs: [
        'To reply to you with your free quote and to arrange the work you ask for. The hashed address lets us limit how often one connection can send the form, which keeps out spam. Where your visit came from tells us which of our ads and listings bring us customers. We do not sell or rent your details, and we do not use your name, e-mail, phone or address for advertising.',
      ],
    },
    {
      heading: 'Who receives it',
      paragraphs: [
        `${site.name}, the owner, who reads your request. If you came by one of our Google ads and then hire us, we may tell Google Ads that the ad led to a job: we upload the ad click code, the date and the job’s value, never your name or contact details. The companies that host this site and its database and that deliver our e-mail process it on our behalf, only to provide that service. The map on our pages loads from Google only when you press “Show map”; Google’s own privacy policy then applies.${
          reviewsWidget
            ? ' The review widget on our reviews page comes from its provider, whose own policy applies to it.'
            : ''
        }`,
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'We keep a quote request, with its photos, while we are in touch about the work, and delete it at the latest 24 months after our last contact with you (our last change to it, such as marking it quoted). Photos are deleted together with their request. The record of a job done (for reminders) is kept until you ask us to delete it; when you stop the reminders, the stop is kept with your e-mail address, so that no later import starts them again. When you ask us to delete your details sooner, we do so within 30 days.',
      ],
    },
    {
      heading: 'Seeing or deleting your details',
      paragraphs: [
        `To see what we hold about you, correct it, or have it deleted, e-mail ${site.email}, call ${site.phone}, or write to ${site.name}, ${fullAddress}. We answer within 30 days; a deletion removes your request, its photos and any message about it not yet sent, and we confirm it. Photos of your job shown on the site come down whenever you ask, with or without a deletion.`,
      ],
    },
    {
      heading: 'Do Not Track',
      paragraphs: [
        'We do not track visitors over time or across other sites, and no third party collects information about your online activity through this site (the map and any review widget load only as described above), so a browser’s Do Not Track signal changes nothing here: every visitor is treated as if it were on.',
      ],
    },
    {
      heading: 'Children and changes',
      paragraphs: [
        'This site is not meant for children under 13, and we do not knowingly collect their details. When this notice changes, we post the new version here with a new effective date.',
      ],
    },
  ],
} as const
