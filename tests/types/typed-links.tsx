// Checked by `tsc` (npm test), never run: each @ts-expect-error line must stay an error, so a link the router
// cannot serve stops type-checking.
import { Link } from '@tanstack/react-router'

export function LinksThatTypeCheck() {
  return (
    <>
      <Link to="/city/$citySlug" params={{ citySlug: 'folsom' }} />
      <Link to="/services" search={{ tab: 'roof' }} />
      <Link to="/" search={{ cities: 'all' }} hash="service-areas" />
      <Link to="/gallery" />
    </>
  )
}

export function LinksThatMustNot() {
  return (
    <>
      {/* @ts-expect-error: no such city */}
      <Link to="/city/$citySlug" params={{ citySlug: 'atlantis' }} />
      {/* @ts-expect-error: no such service tab */}
      <Link to="/services" search={{ tab: 'windows' }} />
      {/* @ts-expect-error: no such route */}
      <Link to="/pricing" />
      {/* @ts-expect-error: ?cities takes only "all" */}
      <Link to="/" search={{ cities: 'some' }} />
    </>
  )
}
