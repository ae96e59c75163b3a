import { useEffect, useId, useState, type MouseEvent } from 'react'
import { Link, useLocation, useNavigate } from '@tanstack/react-router'
import { Menu, Phone, X } from 'lucide-react'
import { site } from '~/content/site'
import { homeSectionLinks } from '~/content/navigation'
import { scrollAfterNavigation, scrollToSection } from '~/lib/scroll'
import { Logo } from './logo'

const linkClass =
  'rounded-md px-3 py-2 text-base font-semibold text-slate-700 hover:bg-slate-100 hover:text-brand-800 md:text-sm'

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const pathname = useLocation({ select: (location) => location.pathname })
  const navigate = useNavigate()

  useEffect(() => {
    if (!menuOpen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [menuOpen])

  // About and Gallery live on the home page: scroll there, going home first when elsewhere.
  function goToSection(event: MouseEvent<HTMLAnchorElement>, sectionId: string) {
    event.preventDefault()
    setMenuOpen(false)
    if (pathname === '/') {
      scrollToSection(sectionId)
      return
    }
    void navigate({ to: '/' }).then(() =>
      scrollAfterNavigation(
        () => document.getElementById(sectionId),
        () => scrollToSection(sectionId),
      ),
    )
  }

  const [about, gallery] = homeSectionLinks
  const links = (
    <>
      <Link
        to="/"
        hash={about.sectionId}
        className={linkClass}
        onClick={(event) => goToSection(event, about.sectionId)}
      >
        {about.label}
      </Link>
      <Link to="/services" className={linkClass} onClick={() => setMenuOpen(false)}>
        Services
      </Link>
      <Link
        to="/"
        hash={gallery.sectionId}
        className={linkClass}
        onClick={(event) => goToSection(event, gallery.sectionId)}
      >
        {gallery.label}
      </Link>
      <Link to="/reviews" className={linkClass} onClick={() => setMenuOpen(false)}>
        Reviews
      </Link>
    </>
  )

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="rounded-md" aria-label={`${site.name}, home`}>
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links}
        </nav>

        <div className="flex items-center gap-2">
          <a
            href={site.phoneHref}
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-accent-400 px-4 text-sm font-bold text-slate-950 shadow-sm hover:bg-accent-300"
            aria-label={`Call ${site.phone}`}
          >
            <Phone className="size-4" aria-hidden="true" />
            <span className="md:hidden">Call</span>
            <span className="hidden md:inline">{site.phone}</span>
          </a>
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
          </button>
        </div>
      </div>

      <nav
        id={menuId}
        aria-label="Mobile"
        hidden={!menuOpen}
        className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden"
      >
        <div className="flex flex-col gap-1">{links}</div>
      </nav>
    </header>
  )
}
