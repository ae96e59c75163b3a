import { site } from './site'

// Apart from site.ts, which every page's first load carries: only the quote and pay pages and the e-mails read it.
/** Under every customer e-mail and in the quote and pay pages' header (issue 79), when the number is set. */
export const licenseLine = site.contractorLicense && `California contractor license #${site.contractorLicense}`
