import { createFileRoute } from '@tanstack/react-router'
import { pageSeo } from '~/content/pages'
import { seo } from '~/lib/seo/seo'
import { ContactPage } from '~/components/contact/contact-page'

export const Route = createFileRoute('/contact')({
  head: () => seo({ ...pageSeo.contact, path: '/contact' }),
  component: ContactPage,
})
