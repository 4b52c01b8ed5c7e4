import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import {
  ChartColumn,
  ChevronsLeft,
  ChevronsRight,
  Contact,
  FileCheck2,
  FileText,
  History,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  MessageCircle,
  MessageSquare,
  MessageSquareQuote,
  Package,
  PackagePlus,
  Percent,
  RefreshCw,
  Undo2,
  Settings,
  Store,
  ShoppingBasket,
  ShoppingBag,
  ShoppingCart,
  Users,
  ScanBarcode,
  Wallet,
  X,
  type LucideIcon,
} from 'lucide-react';
import { LIMITS, STAFF_SIDEBAR_ROLE_LABELS, type StaffPermission } from '@shop/shared';
import { paths } from '@/config/paths';
import { DisclosureButton } from '@/components/disclosure-button';
import { useAuth, useCan, displayName } from '@/features/auth';
import { ProofsNavBadge } from '@/features/proofs';
import { ReviewsNavBadge } from '@/features/reviews';
import { WithdrawalsNavBadge } from '@/features/withdrawals';
import { GoLiveChecklistPanel } from './go-live-checklist';
import { HealthCard } from './health-card';
import { StatusIndicator } from './status-indicator';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** What the screen needs: the item shows only to roles that have it. */
  permission: StaffPermission;
  end?: boolean;
  /** A count of what waits beside the label. */
  badge?: 'proofs' | 'withdrawals' | 'reviews';
}

/**
 * The back office's screens under a few headings a shop assistant recognises (the dashboard alone on top); the role's
 * permissions still decide which items show, and a heading shows only with an item under it.
 */
const NAV_GROUPS: { heading: string | null; items: NavItem[] }[] = [
  { heading: null, items: [{ to: paths.home, label: 'Dashboard', icon: LayoutDashboard, permission: 'dashboard.view', end: true }] },
  {
    heading: 'Vender',
    items: [
      { to: paths.newSale, label: 'Nueva venta', icon: ShoppingBag, permission: 'orders.create' },
      { to: paths.counter, label: 'Caja', icon: Wallet, permission: 'counter.use', end: true },
      { to: paths.counterScreen, label: 'Mostrador', icon: ScanBarcode, permission: 'counter.use' },
    ],
  },
  {
    heading: 'Pedidos',
    items: [
      { to: paths.orders, label: 'Órdenes', icon: ShoppingCart, permission: 'orders.view' },
      { to: paths.proofs, label: 'Comprobantes', icon: FileCheck2, permission: 'orders.view', badge: 'proofs' },
      { to: paths.returns, label: 'Cambios y devoluciones', icon: RefreshCw, permission: 'returns.manage' },
      { to: paths.withdrawals, label: 'Arrepentimientos', icon: Undo2, permission: 'returns.manage', badge: 'withdrawals' },
      { to: paths.abandoned, label: 'Carritos abandonados', icon: ShoppingBasket, permission: 'orders.view' },
      { to: paths.customers, label: 'Clientes', icon: Contact, permission: 'customers.view' },
      { to: paths.messages, label: 'Mensajes', icon: MessageCircle, permission: 'whatsapp.chat' },
      { to: paths.emails, label: 'Correos', icon: Mail, permission: 'emails.manage' },
    ],
  },
  {
    heading: 'Catálogo',
    items: [
      { to: paths.products, label: 'Productos', icon: Package, permission: 'products.manage' },
      { to: paths.purchases, label: 'Ingreso de mercadería', icon: PackagePlus, permission: 'purchases.manage' },
      { to: paths.promotions, label: 'Promociones', icon: Percent, permission: 'promotions.manage' },
      { to: paths.content, label: 'Contenido', icon: FileText, permission: 'content.edit' },
      { to: paths.reviews, label: 'Opiniones', icon: MessageSquareQuote, permission: 'reviews.view', badge: 'reviews' },
    ],
  },
  {
    heading: 'Canales',
    items: [
      { to: paths.mercadoLibre, label: 'Mercado Libre', icon: Store, permission: 'channels.manage' },
      { to: paths.whatsapp, label: 'WhatsApp', icon: MessageSquare, permission: 'whatsapp.manage' },
    ],
  },
  {
    heading: 'Informes',
    items: [
      { to: paths.reports, label: 'Reportes', icon: ChartColumn, permission: 'reports.view' },
      { to: paths.activity, label: 'Actividad', icon: History, permission: 'staff.manage' },
    ],
  },
  {
    heading: 'Ajustes',
    items: [
      { to: paths.team, label: 'Equipo', icon: Users, permission: 'staff.manage' },
      { to: paths.settings, label: 'Config', icon: Settings, permission: 'account.self' },
    ],
  },
];

export function AdminLayout() {
  const { user, logout, mustSetUpTwoFactor } = useAuth();
  const can = useCan();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  // Phones: the status panel shows only when opened from the top bar's indicator.
  const [statusOpen, setStatusOpen] = useState(false);
  const indicator = useRef<HTMLButtonElement>(null);
  const statusPanel = useRef<HTMLElement>(null);

  // Every route change closes the mobile menu and scrolls to the top (again after 50 ms, once lazy screens render).
  useEffect(() => {
    setMobileOpen(false);
    setStatusOpen(false);
    window.scrollTo(0, 0);
    const again = setTimeout(() => window.scrollTo(0, 0), LIMITS.scrollTopRepeatMs);
    return () => clearTimeout(again);
  }, [location.pathname]);

  const name = displayName(user);
  // With the temporary password, or without the two-factor sign-in the owner requires, only settings are open (the
  // server refuses the rest).
  const settingsOnly = (user?.mustChangePassword ?? false) || mustSetUpTwoFactor;
  const shown = (item: NavItem) => (settingsOnly ? item.to === paths.settings : can(item.permission));
  const groups = NAV_GROUPS.map((group) => ({ ...group, items: group.items.filter(shown) })).filter((group) => group.items.length > 0);
  // The owner's go-live checklist: it shows the server's configuration (the server allows it to the owner only).
  const withChecklist = !settingsOnly && can('settings.manage');

  // Escape in the open status panel, on its indicator or on the page itself closes it, the focus back on the indicator.
  useEffect(() => {
    if (!statusOpen) return;
    function closeOnEscape(event: KeyboardEvent) {
      const target = event.target instanceof Node ? event.target : null;
      const ours = !target || target === document.body || indicator.current?.contains(target) || statusPanel.current?.contains(target);
      if (event.key !== 'Escape' || !ours) return;
      setStatusOpen(false);
      indicator.current?.focus();
    }
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [statusOpen]);

  return (
    <div className={`admin-shell${collapsed ? ' collapsed' : ''}${mobileOpen ? ' mobile-open' : ''}`}>
      <a className="skip-link" href="#admin-main">
        Saltar al contenido
      </a>
      <header className="topbar">
        <DisclosureButton
          className="icon-button"
          open={mobileOpen}
          setOpen={setMobileOpen}
          controls="admin-sidebar"
          label={mobileOpen ? 'Cerrar menú' : 'Abrir menú'}
        >
          {mobileOpen ? <X size={22} aria-hidden="true" /> : <Menu size={22} aria-hidden="true" />}
        </DisclosureButton>
        <span className="topbar-title">Jazmín Lencería · Admin</span>
        <StatusIndicator ref={indicator} open={statusOpen} setOpen={setStatusOpen} controls="system-status" withChecklist={withChecklist} />
      </header>
      {mobileOpen && <div className="sidebar-scrim" onClick={() => setMobileOpen(false)} aria-hidden="true" />}
      <aside id="admin-sidebar" className="sidebar" data-testid="admin-sidebar">
        <div className="sidebar-brand">
          <span className="brand-mark" aria-hidden="true">
            J
          </span>
          <span className="brand-text">
            Jazmín
            <small>Lencería · Admin</small>
          </span>
          <button
            type="button"
            className="icon-button collapse-toggle"
            onClick={() => setCollapsed((v) => !v)}
            aria-label={collapsed ? 'Expandir menú lateral' : 'Contraer menú lateral'}
            aria-expanded={!collapsed}
          >
            {collapsed ? <ChevronsRight size={18} aria-hidden="true" /> : <ChevronsLeft size={18} aria-hidden="true" />}
          </button>
        </div>
        <nav aria-label="Navegación principal">
          {groups.map(({ heading, items }) => (
            <div className="nav-group" key={heading ?? 'inicio'}>
              {heading && (
                <h2 className="nav-group-heading" id={`nav-${heading}`}>
                  {heading}
                </h2>
              )}
              <ul aria-labelledby={heading ? `nav-${heading}` : undefined}>
                {items.map(({ to, label, icon: Icon, end, badge }) => (
                  <li key={to}>
                    <NavLink
                      to={to}
                      end={end}
                      // /admin and /admin/dashboard are both the dashboard
                      className={({ isActive }) =>
                        isActive || (to === paths.home && location.pathname === paths.dashboard) ? 'nav-link active' : 'nav-link'
                      }
                      title={collapsed ? label : undefined}
                      aria-label={collapsed ? label : undefined}
                    >
                      <Icon size={20} aria-hidden="true" />
                      <span className="nav-label">{label}</span>
                      {badge === 'proofs' && <ProofsNavBadge />}
                      {badge === 'withdrawals' && <WithdrawalsNavBadge />}
                      {badge === 'reviews' && <ReviewsNavBadge />}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="sidebar-user">
          <span className="avatar" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
          <span className="user-text">
            <span className="user-name" data-testid="sidebar-username">
              {name}
            </span>
            <span className="user-role" data-testid="sidebar-role">
              {user ? STAFF_SIDEBAR_ROLE_LABELS[user.staffRole] : STAFF_SIDEBAR_ROLE_LABELS.owner}
            </span>
          </span>
        </div>
        <button
          type="button"
          className="nav-link logout"
          onClick={() => logout()}
          title={collapsed ? 'Cerrar Sesión' : undefined}
          aria-label={collapsed ? 'Cerrar Sesión' : undefined}
        >
          <LogOut size={20} aria-hidden="true" />
          <span className="nav-label">Cerrar Sesión</span>
        </button>
      </aside>
      <div className="admin-main-wrap">
        {/* Under 640 px only shown while open from the top bar's indicator (layout.css); always shown above. */}
        <section
          id="system-status"
          className={`system-status${statusOpen ? ' system-status-open' : ''}`}
          aria-label="Estado del Sistema"
          ref={statusPanel}
        >
          <h2>Estado del Sistema</h2>
          <HealthCard />
          {withChecklist && <GoLiveChecklistPanel />}
        </section>
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
