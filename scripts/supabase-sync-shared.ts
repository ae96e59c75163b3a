// `npm run supabase:sync`: writes supabase/functions/_shared/app/ from app/ (tests/support/supabase-shared.ts;
// docs/decisions/006-edge-functions-shared-code.md).
import { writeSharedFiles } from '../tests/support/supabase-shared'

const { written, missing } = writeSharedFiles()
console.log(`supabase/functions/_shared/app: ${written.length} files generated from app/`)
if (missing.length) {
  console.error(`missing sources: ${missing.join(', ')}`)
  process.exit(1)
}
