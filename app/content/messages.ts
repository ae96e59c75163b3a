// The words of every e-mail and push the site sends (app/platform/outbox/messages.server.ts builds them). Values a
// person typed arrive here already cleaned; the server escapes what goes into HTML.
import { claims, site } from './site'

const photoCount = (count: number) => (count === 1 ? '1 photo' : `${count} photos`)
const leadsWaiting = (count: number) => (count === 1 ? '1 lead is' : `${count} leads are`)

export const messages = {
  /** To the customer at once: only the business's own facts, not even the name (decision 048). */
  acknowledgement: {
    subject: `We received your quote request — ${site.name}`,
    paragraphs: [
      `Thank you for contacting ${site.name}. Your quote request arrived.`,
      `What happens next: we look at your request and get back to you within ${claims.replyWithin}, by phone or e-mail, to arrange your free estimate.`,
      `Questions sooner? Call us at ${site.phone} (${site.hours.label}, ${site.hours.days}).`,
      `If you did not ask us for a quote, you can ignore this e-mail: someone entered your address on our website's form, and we will not write again.`,
    ],
  },
  signIn: (link: string) => ({
    subject: `Your sign-in link for the ${site.name} lead inbox`,
    lines: [
      'Open this link on your phone to sign in to the lead inbox:',
      '',
      link,
      '',
      'It works once, for 15 minutes. If you did not ask for it, ignore this e-mail.',
    ],
  }),
  photos: (name: string, count: number, leadId: string) => ({
    subject: `${name} added ${photoCount(count)}`,
    lines: [
      `${name} added ${photoCount(count)} of the area to their quote request.`,
      '',
      `See them in the lead inbox: ${site.baseUrl}/owner`,
      `Reference: ${leadId}`,
    ],
  }),
  morningList: (count: number) => ({
    subject: `${leadsWaiting(count)} waiting for a call`,
    intro: `${leadsWaiting(count)} still new or contacted with no change for over a day:`,
  }),
  /** The morning list's invoices with a balance, by age (docs/decisions/055-invoices-and-payments.md). */
  invoicesDue: (count: number) => ({
    subject: count === 1 ? '1 invoice is due' : `${count} invoices are due`,
    heading: (age: string, cents: string) => `Due ${age} after sending (${cents}):`,
    line: (number: number, name: string, balance: string, days: number) =>
      `Invoice ${number}, ${name}: ${balance}, sent ${days === 1 ? '1 day' : `${days} days`} ago`,
  }),
  /** To the customer about their quote and job (docs/decisions/053-quotes-and-jobs.md); replies reach the owner. */
  quotes: {
    sent: (firstName: string, updated: boolean, total: string, optionalCount: number) => ({
      subject: updated ? `Your updated quote from ${site.name}` : `Your quote from ${site.name}`,
      intro: [
        `Hi ${firstName || 'there'},`,
        `Here is your ${updated ? 'updated ' : ''}quote from ${site.name}: ${total}, every required charge included` +
          (optionalCount > 0
            ? `, and ${optionalCount === 1 ? 'one option' : `${optionalCount} options`} you may add.`
            : '.'),
        'See it, choose any options and accept it here:',
      ],
      outro: (validThrough: string) => [`It is valid through ${validThrough}. Questions? Call us at ${site.phone}.`],
      button: 'See and accept your quote',
    }),
    accepted: (firstName: string, typedName: string, at: string) => ({
      subject: `Quote accepted: ${site.name}`,
      intro: [
        `Hi ${firstName || 'there'},`,
        `Thank you: you accepted our quote on ${at} (Pacific time), typing the name “${typedName}”. Here it is in full.`,
      ],
      items: 'Items',
      options: 'Options you added',
      total: (total: string) => `Total: ${total} (every required charge included)`,
      note: 'Our note',
      terms: 'Terms',
      outro: [`We will call you to set the day. Questions? Call us at ${site.phone}.`],
      link: 'Your quote, as accepted:',
    }),
    job: (firstName: string, when: string, state: 'new' | 'moved' | 'cancelled') => ({
      subject:
        state === 'cancelled'
          ? `Cancelled: your ${site.shortName} visit on ${when}`
          : state === 'moved'
            ? `New time: your ${site.shortName} visit on ${when}`
            : `Your ${site.shortName} visit on ${when}`,
      lines:
        state === 'cancelled'
          ? [
              `Hi ${firstName || 'there'},`,
              `Your visit on ${when} is cancelled. Call us at ${site.phone} to set a new day.`,
            ]
          : [
              `Hi ${firstName || 'there'},`,
              `${state === 'moved' ? 'Your visit has a new time' : 'Your visit is booked'}: ${when}.`,
              'The invite is attached: open it to add the visit to your calendar.',
            ],
      outro: [`Questions or a change? Call us at ${site.phone}.`],
    }),
    reminder: (firstName: string, when: string) => ({
      subject: `Reminder: we come tomorrow, ${when}`,
      lines: [
        `Hi ${firstName || 'there'},`,
        `A reminder: we come tomorrow, ${when}.`,
        'Please keep the area clear of vehicles and loose items, and an outdoor water tap free.',
        `Questions or a change? Call us at ${site.phone}.`,
      ],
    }),
    address: (where: string) => `Address: ${where}`,
  },
  /** To the customer about their invoice and payments (docs/decisions/055-invoices-and-payments.md). */
  payments: {
    invoice: (firstName: string, number: number, total: string) => ({
      subject: `Invoice ${number} from ${site.name}`,
      intro: [
        `Hi ${firstName || 'there'},`,
        `Thank you for choosing ${site.name}. Here is invoice ${number} for your job: ${total}, with nothing added when you pay.`,
        'See it and pay here:',
      ],
      button: 'See and pay your invoice',
      outro: [`Questions? Call us at ${site.phone}.`],
    }),
    reminder: (firstName: string, number: number, balance: string) => ({
      subject: `Reminder: invoice ${number}, ${balance} due`,
      intro: [
        `Hi ${firstName || 'there'},`,
        `A friendly reminder: invoice ${number} from ${site.name} has ${balance} left to pay.`,
        'See it and pay here:',
      ],
      outro: [`Already paid, or a question? Call us at ${site.phone}.`],
    }),
    receipt: (firstName: string, number: number, amount: string, method: string, day: string) => ({
      subject: `Receipt: ${amount} paid on invoice ${number}`,
      intro: [`Hi ${firstName || 'there'},`, `Thank you: we received ${amount} (${method}) on ${day}.`],
    }),
    refund: (firstName: string, number: number, amount: string, toCard: boolean, day: string) => ({
      subject: `Refund: ${amount} on invoice ${number}`,
      intro: [
        `Hi ${firstName || 'there'},`,
        toCard
          ? `We refunded ${amount} to your card on ${day}. Your bank may take 5 to 10 days to show it.`
          : `We refunded ${amount} on ${day}.`,
      ],
    }),
    figures: (total: string, paid: string, refunded: string | null, balance: string) => [
      `Total: ${total}`,
      `Paid so far: ${paid}`,
      ...(refunded ? [`Refunded: ${refunded}`] : []),
      `Balance: ${balance}`,
    ],
    outro: [`Questions? Call us at ${site.phone}.`],
  },
  /** Pushes carry no name, e-mail or phone unless they are about the owner's own lead: push services relay them. */
  push: {
    lead: 'New quote request: open the inbox to call back.',
    escalation: (inTown: string, minutes: number) => ({
      title: `Still waiting: quote request${inTown}, ${minutes} min`,
      body: 'Nobody has marked it contacted yet: open the inbox to call back.',
    }),
    quoteReminder: (name: string, days: number) => ({
      title: `Follow up with ${name}: quoted ${days} days ago`,
      body: 'Still marked quoted: open the inbox to call, or mark it won or lost.',
    }),
    photos: (count: number) => ({ title: 'Photos added', body: `${photoCount(count)} added to a quote request.` }),
    quoteAccepted: (total: string, name: string, town: string | null) => ({
      title: `Quote accepted: ${total}, ${name}${town ? `, ${town}` : ''}`,
      body: 'Open the inbox to schedule the job.',
    }),
    quoteChanges: (name: string, message: string) => ({ title: `${name} asks for changes`, body: message }),
    paid: (amount: string, name: string, town: string | null) => ({
      title: `Paid: ${amount}, ${name}${town ? `, ${town}` : ''}`,
      body: 'Open the inbox to see the invoice.',
    }),
    /** A Stripe refund that failed (with Stripe's reason) or was canceled: the customer did not get the money. */
    refundUndone: (amount: string, name: string, town: string | null, failedBecause: string | null) => ({
      title: `Refund ${failedBecause ? 'failed' : 'canceled'}: ${amount}, ${name}${town ? `, ${town}` : ''}`,
      body:
        `${failedBecause ? `Stripe could not give it back (${failedBecause})` : 'It was canceled'}: the money is ` +
        'back in your Stripe balance. Open the inbox, and give it back another way.',
    }),
  },
}
