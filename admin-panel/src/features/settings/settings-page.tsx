import { useEffect, useState } from 'react';
import { Lock, Receipt, ShoppingBag, Truck, User } from 'lucide-react';
import { TEMPORARY_PASSWORD_MESSAGE, TWO_FACTOR_REQUIRED_MESSAGE } from '@shop/shared';
import { Banner } from '@/components/feedback';
import { TabList } from '@/components/tab-list';
import { useAuth, useCan } from '@/features/auth';
import { CatalogFeeds } from './catalog-feeds';
import { InvoicingSettingsPanel } from './invoicing-settings';
import { ProfileForm } from './profile-form';
import { SecurityForm } from './security-form';
import { ShippingSettingsPanel } from './shipping-settings';
import { TwoFactorSection } from './two-factor-section';

type Tab = 'profile' | 'security' | 'catalog' | 'invoicing' | 'shipping';

export function SettingsPage() {
  const { user, mustSetUpTwoFactor } = useAuth();
  const can = useCan();
  // The catalogue's feeds: for whoever runs the products or the shop's settings.
  const seesCatalog = can('products.manage') || can('settings.manage');
  // With the temporary password of an invitation only the password change is open (the server refuses the rest).
  const forced = user?.mustChangePassword ?? false;
  const [tab, setTab] = useState<Tab>(forced || mustSetUpTwoFactor ? 'security' : 'profile');
  const tabs: { id: Tab; label: string; icon: typeof User }[] = [
    { id: 'profile', label: 'Perfil', icon: User },
    { id: 'security', label: 'Seguridad', icon: Lock },
    ...(seesCatalog ? [{ id: 'catalog' as const, label: 'Instagram y Google', icon: ShoppingBag }] : []),
    ...(can('invoicing.manage') ? [{ id: 'invoicing' as const, label: 'Facturación', icon: Receipt }] : []),
    ...(can('shipping.manage') ? [{ id: 'shipping' as const, label: 'Envíos nacionales', icon: Truck }] : []),
  ];
  const current: Tab = forced ? 'security' : tabs.some((t) => t.id === tab) ? tab : 'profile';

  // Once the password is changed the tabs come back on the security tab, beside the message that it worked.
  useEffect(() => {
    if (forced || mustSetUpTwoFactor) setTab('security');
  }, [forced, mustSetUpTwoFactor]);

  return (
    <div className="page page-narrow" data-testid="settings-page">
      <header className="page-header">
        <div>
          <h1>Configuración</h1>
          <p className="muted">
            {seesCatalog
              ? 'Tu perfil, tu contraseña de acceso, la verificación en dos pasos y el catálogo para Instagram y Google'
              : 'Tu perfil, tu contraseña de acceso y la verificación en dos pasos'}
          </p>
        </div>
      </header>
      {forced ? (
        <Banner kind="warning">
          <strong>{TEMPORARY_PASSWORD_MESSAGE} antes de seguir.</strong> Elegí una contraseña nueva: después se abre el resto del panel.
        </Banner>
      ) : (
        <>
          {mustSetUpTwoFactor && (
            <Banner kind="warning">
              <strong>{TWO_FACTOR_REQUIRED_MESSAGE}.</strong> Activala abajo con tu app de autenticación: después se abre el resto del
              panel.
            </Banner>
          )}
          <TabList
            label="Configuración de la cuenta"
            idPrefix="settings-tab"
            tabs={tabs.map(({ id, label, icon: Icon }) => ({
              id,
              label: (
                <>
                  <Icon size={16} aria-hidden="true" /> {label}
                </>
              ),
            }))}
            current={current}
            onChoose={setTab}
            panelId={(id) => `settings-panel-${id}`}
          />
        </>
      )}
      <div
        role={forced ? undefined : 'tabpanel'}
        id={`settings-panel-${current}`}
        aria-labelledby={forced ? undefined : `settings-tab-${current}`}
        className="settings-panel"
      >
        {current === 'invoicing' ? (
          <InvoicingSettingsPanel />
        ) : current === 'shipping' ? (
          <ShippingSettingsPanel />
        ) : current === 'catalog' ? (
          <CatalogFeeds />
        ) : (
          <section className="card" aria-label={forced ? 'Cambiar la contraseña temporal' : undefined}>
            {current === 'profile' ? <ProfileForm /> : <SecurityForm />}
          </section>
        )}
        {current === 'security' && !forced && <TwoFactorSection />}
      </div>
    </div>
  );
}
