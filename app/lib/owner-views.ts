// The inbox's views in its address (/owner?view=sources&days=90). The route's search check imports only this:
// it ships in every page's route tree, unlike the inbox's own code (owner-lead.ts).
export const SOURCE_PERIODS = [30, 90, 365] as const
export type SourcePeriod = (typeof SOURCE_PERIODS)[number]
