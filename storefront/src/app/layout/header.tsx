import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Menu, ShoppingBag, UserRound, X } from 'lucide-react';
import { env } from '@/config/env';
import { paths, SECTIONS } from '@/config/paths';
import { useCart } from '@/features/cart';
import { SearchBox } from '@/features/search';
import { useGoToSection } from '@/lib/section-scroll';

const SECTION_LINKS = [
  { label: 'Inicio', section: SECTIONS.home },
  { label: 'Productos', section: SECTIONS.products },
  { label: 'Contacto', section: SECTIONS.contact },
] as const;

export function Header() {
  const { count } = useCart();
  const [open, setOpen] = useState(false);
  const goToSection = useGoToSection();
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  const go = (section: string) => {
    setOpen(false);
    goToSection(section);
  };

  return (
    <header className="site-header" data-testid="site-header">
      <div className="site-header__inner container">
        <Link
          to={paths.home}
          className="brand"
          onClick={(event) => {
            // On the home page the brand scrolls back up; elsewhere the route change scrolls to the top.
            if (pathname === paths.home) {
              event.preventDefault();
              go(SECTIONS.home);
            }
          }}
        >
          <span className="brand__mark" aria-hidden="true">
            J
          </span>
          <span className="brand__name">{env.brandName}</span>
        </Link>
        <nav className={`main-nav ${open ? 'main-nav--open' : ''}`} aria-label="Principal" id="main-nav">
          <ul>
            {SECTION_LINKS.map((link) => (
              <li key={link.section}>
                <a
                  href={`/#${link.section}`}
                  onClick={(event) => {
                    event.preventDefault();
                    go(link.section);
                  }}
                >
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <NavLink to={paths.tracking}>Seguimiento de Pedido</NavLink>
            </li>
          </ul>
        </nav>
        <SearchBox />
        <div className="site-header__actions">
          <NavLink to={paths.account} className="cart-link account-link" aria-label="Mi cuenta" data-testid="account-link">
            <UserRound size={22} aria-hidden="true" />
          </NavLink>
          <Link
            to={paths.cart}
            className="cart-link"
            aria-label={count > 0 ? `Carrito (${count} productos)` : 'Carrito'}
            data-testid="cart-link"
          >
            <ShoppingBag size={22} aria-hidden="true" />
            {count > 0 && (
              <span className="cart-link__badge" data-testid="cart-count">
                {count}
              </span>
            )}
          </Link>
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={open}
            aria-controls="main-nav"
            aria-label={open ? 'Cerrar menú' : 'Abrir menú'}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X size={22} aria-hidden="true" /> : <Menu size={22} aria-hidden="true" />}
          </button>
        </div>
      </div>
    </header>
  );
}
