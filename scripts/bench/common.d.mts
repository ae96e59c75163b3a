/** One URL per route kind (issue 8), the 404 page included. */
export const routeKinds: { kind: string; path: string }[]
