// Types of scripts/supabase-sync-shared.mjs (for the TypeScript tests).
export const SHARED_APP_DIR: string
export const ENTRIES: string[]
export function generateSharedFiles(options?: { entries?: string[] }): { files: Map<string, string>; bare: Set<string>; missing: string[] }
export function checkSharedFiles(options?: { entries?: string[] }): string[]
export function writeSharedFiles(options?: { entries?: string[] }): { written: string[]; missing: string[] }
