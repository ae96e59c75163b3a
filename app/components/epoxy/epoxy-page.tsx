import { EpoxyHero } from './epoxy-hero'
import { EpoxyBenefits } from './epoxy-benefits'
import { EpoxyServices } from './epoxy-services'
import { EpoxyProcess } from './epoxy-process'
import { EpoxyCta } from './epoxy-cta'

export function EpoxyPage() {
  return (
    <>
      <EpoxyHero />
      <EpoxyBenefits />
      <EpoxyServices />
      <EpoxyProcess />
      <EpoxyCta />
    </>
  )
}
