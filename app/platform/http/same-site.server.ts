// Every Location built from a request's path names a page of this site (docs/decisions/052-hostile-input.md):
// `//evil.com` and `/\evil.com` are paths to this server but another host to a browser.

/** One leading slash: slashes, backslashes and the tabs a browser drops collapse, `//evil.com/x` → `/evil.com/x`. */
export function sameSitePath(pathname: string): string {
  return `/${pathname.replace(/^[/\\\t\n\r ]+/, '')}`
}

/** The last guard on every answer: a path-shaped Location keeps one leading slash; absolute ones are the router's. */
export function sameSiteLocation(location: string): string {
  return /^[/\\]/.test(location) ? sameSitePath(location) : location
}
