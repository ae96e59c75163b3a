// Its own module: lead-photos.ts is on the home page's first load, and only the later-loaded upload needs this.

/** The script's upload carries its token here, so a bad one is refused before the photos are read (decision 051). */
export const PHOTO_TOKEN_HEADER = 'Photo-Token'
