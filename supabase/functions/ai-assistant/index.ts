// Supabase Edge Function `ai-assistant` (see handler.ts).
import { handler } from './handler.ts'

Deno.serve(handler)
