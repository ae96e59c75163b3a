// The terms every quote carries unless the owner writes his own (/owner?view=prices). Frozen into each version
// sent, so a change here never rewrites what a customer accepted.
import { claims, site } from './site'

export const defaultQuoteTerms = [
  'The prices above include every required charge: labor, equipment, water, cleaning products and clean-up. ' +
    'Nothing is added when you accept or when the work is done.',
  'Optional items are done only if you tick them before you accept.',
  'We confirm the day and an arrival window with you. You may move or cancel the visit free of charge up to ' +
    '24 hours before it, by calling or e-mailing us.',
  'If rain or a hazard makes the work unsafe, we move the visit with you at no cost.',
  `Please keep the work area clear of vehicles and loose items, and give us access to an outdoor water tap.`,
  `${claims.licensed}. ${claims.guarantee}: if something is not right, tell us within 7 days and we come back to ` +
    `fix it. Questions: ${site.phone}, ${site.email}.`,
].join('\n\n')
