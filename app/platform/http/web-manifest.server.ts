const appearance = {
  background_color: '#ffffff',
  theme_color: '#0369a1',
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
  ],
}

export function webManifestResponse(manifest: Record<string, string>, cacheControl: string): Response {
  return Response.json(
    { ...manifest, ...appearance },
    { headers: { 'Content-Type': 'application/manifest+json', 'Cache-Control': cacheControl } },
  )
}
