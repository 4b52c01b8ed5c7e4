import { Link, Outlet } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';

export function PublicLayout() {
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <ScrollToTop />
      {/* The law asks for it at first sight on every page (Res. SCI 424/2020): a strip above the header, never folded. */}
      <div className="legal-strip">
        <Link to={paths.withdrawal} data-testid="withdrawal-link">
          Botón de arrepentimiento
        </Link>
      </div>
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
