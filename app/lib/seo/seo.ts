import { site } from '~/content/site'
import type { PageSeo } from '~/content/types'

export function absoluteUrl(path: string): string {
  return `${site.baseUrl}${path.startsWith('/') ? path : `/${path}`}`
}

interface SeoInput extends PageSeo {
  path: string
  image?: string
  noindex?: boolean
}

export function seo({ title, description, keywords, path, image = '/og-image.jpg', noindex }: SeoInput) {
  const url = absoluteUrl(path)
  const imageUrl = absoluteUrl(image)
  const meta = [
    { title },
    { name: 'description', content: description },
    ...(keywords.length ? [{ name: 'keywords', content: keywords.join(', ') }] : []),
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site.name },
    { property: 'og:locale', content: 'en_US' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: imageUrl },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
  ]
  const links = noindex ? [] : [{ rel: 'canonical', href: url }]
  return { meta, links }
}

/** "<" escaped: no text can close the script element. */
export function jsonLdScript(data: object) {
  return {
    type: 'application/ld+json',
    children: JSON.stringify(data).replace(/</g, '\\u003c'),
  }
}

interface Crumb {
  name: string
  path: string
}

/** Google reads a trail of two items or more. */
export function breadcrumbJsonLd(trail: [Crumb, ...Crumb[], Crumb | { name: string }]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...('path' in crumb ? { item: absoluteUrl(crumb.path) } : {}),
    })),
  }
}
