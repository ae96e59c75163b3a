import type { Page } from '@playwright/test'

export function noteHydrationTime(): void
export function requestTimings(page: Page): Promise<{ hydratedAt: number; requestedAt: Record<string, number> }>
