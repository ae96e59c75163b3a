import { useEffect, useId, useRef, useState, type MouseEvent } from 'react'
import { Link, useLocation, useNavigate } from '@tanstack/react-router'
import { Menu, Phone, X } from 'lucide-react'
import { site } from '~/content/site'
import { mainNav } from '~/content/navigation'
import { scrollAfterNavigation, scrollToSection } from '~/lib/page/scroll'
import { Logo } from './logo'

const linkClass =
  'rounded-md px-3 py-2 text-base font-semibold text-slate-700 hover:bg-slate-100 hover:text-brand-800 md:text-sm'

const hasPopovers = (element: HTMLElement) => typeof element.showPopover === 'function'

export function SiteHeader() {
  // Unknown until hydrated: the browser states a popover's expanded state itself.
  const [menuOpen, setMenuOpen] = useState<boolean>()
  const menuId = useId()
  const pathname = useLocation({ select: (location) => location.pathname })
  const navigate = useNavigate()

  const menuRef = useRef<HTMLElement>(null)
  // The menu may have been opened as a popover before hydration.
  useEffect(() => {
    const menu = menuRef.current
    if (!menu) return
    // Without popovers (before 2024) it sits in the header's flow and React toggles `hidden`.
    if (!hasPopovers(menu)) menu.hidden = true
    setMenuOpen(!menu.hidden && menu.matches(':popover-open'))
  }, [])
  const setMenu = (open: boolean) => {
    const menu = menuRef.current
    if (!menu) return
    if (hasPopovers(menu)) {
      menu.togglePopover(open)
      return
    }
    menu.hidden = !open
    setMenuOpen(open)
  }
  const closeMenu = () => setMenu(false)

  function goToSection(event: MouseEvent<HTMLAnchorElement>, sectionId: string) {
    event.preventDefault()
    closeMenu()
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

  const links = mainNav.map(({ label, to, sectionId }) => (
    <Link
      key={label}
      to={to}
      hash={sectionId}
      className={linkClass}
      onClick={(event) => (sectionId ? goToSection(event, sectionId) : closeMenu())}
    >
      {label}
    </Link>
  ))

  return (
    <header className="group fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white">
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
            popoverTarget={menuId}
            onClick={(event) => {
              if (!hasPopovers(event.currentTarget)) setMenu(!menuOpen)
            }}
          >
            {/* CSS swaps the icons, so they work before hydration. */}
            <Menu className="size-6 group-has-[nav:popover-open]:hidden" aria-hidden="true" />
            <X className="hidden size-6 group-has-[nav:popover-open]:block" aria-hidden="true" />
          </button>
        </div>
      </div>

      <nav
        ref={menuRef}
        id={menuId}
        aria-label="Mobile"
        popover="auto"
        onToggle={(event) => setMenuOpen(event.newState === 'open')}
        className="inset-x-0 top-16 bottom-auto m-0 w-full border-0 border-y border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden"
      >
        <div className="flex flex-col gap-1">{links}</div>
      </nav>
    </header>
  )
}
