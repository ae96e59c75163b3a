import { createFileRoute } from '@tanstack/react-router'
import { epoxy } from '~/content/services'
import { seo } from '~/lib/seo/seo'
import { EpoxyPage } from '~/components/epoxy/epoxy-page'

export const Route = createFileRoute('/epoxy')({
  loader: () => ({ seo: epoxy.seo }),
  head: ({ loaderData }) => (loaderData ? seo({ ...loaderData.seo, path: '/epoxy' }) : {}),
  component: EpoxyPage,
})
