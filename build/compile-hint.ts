// V8's explicit compile hint (Chrome 136+): a file that starts with this comment has all its functions compiled
// on a background thread as it streams in. vite.config.ts adds it to the first-load chunks; e2e/bundle.spec.ts
// checks them.
export const compileHint = '//# allFunctionsCalledOnLoad'

/** Files smaller than this compile in well under a millisecond either way, and go without the hint. */
export const compileHintMinBytes = 4096
