export const WEB_MANIFEST_HREF = '/site.webmanifest'

/** docs/decisions/027-no-icon-or-manifest-requests-before-the-page.md */
export function linkWebManifestAfterLoad(): void {
  const link = () => {
    if (document.querySelector('link[rel="manifest"]')) return
    const manifest = document.createElement('link')
    manifest.rel = 'manifest'
    manifest.href = WEB_MANIFEST_HREF
    document.head.append(manifest)
  }
  if (document.readyState === 'complete') link()
  else window.addEventListener('load', link, { once: true })
}
