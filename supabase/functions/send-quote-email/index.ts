// Supabase Edge Function `send-quote-email` (see handler.ts).
import { handler } from './handler.ts'

Deno.serve(handler)
