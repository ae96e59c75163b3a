// Supabase Edge Function `fetch-reviews` (see handler.ts).
import { handler } from './handler.ts'

Deno.serve(handler)
