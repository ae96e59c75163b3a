// One URL per route kind, the 404 page included; the benches and the layout tests visit them.
export const routeKinds = [
  { kind: 'home', path: '/' },
  { kind: 'services', path: '/services?tab=roof' },
  { kind: 'city', path: '/city/folsom' },
  { kind: 'gallery', path: '/gallery' },
  { kind: 'epoxy', path: '/epoxy' },
  { kind: 'contact', path: '/contact' },
  { kind: 'reviews', path: '/reviews' },
  { kind: '404', path: '/this-page-does-not-exist' },
]
