import { useState } from 'react';
import { ErrorNotice } from '@/components/form-parts';
import { errorMessage } from '@shop/client-kit';
import { signOut, type SignedInAccount } from '../api/account-api';
import type { Farewell } from '../account-types';
import { useAccountCache } from '../use-account';
import { AddressesSection } from './addresses-section';
import { AlertsSection } from './alerts-section';
import { DataSection } from './data-section';
import { FavoritesSection } from './favorites-section';
import { OrdersSection } from './orders-section';
import { PreferencesSection } from './preferences-section';
import { SizesSection } from './sizes-section';

function SessionButtons({ onLeave }: { onLeave: (farewell: Farewell) => void }) {
  const cache = useAccountCache();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const leave = async (everywhere: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await signOut(everywhere);
      onLeave({ message: answer.message });
      cache.signedOut();
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  return (
    <div className="account-session">
      <div className="account-actions">
        <button type="button" className="btn btn--outline" disabled={busy} onClick={() => void leave(false)}>
          Cerrar sesión
        </button>
        <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void leave(true)}>
          Cerrar todas las sesiones
        </button>
      </div>
      <ErrorNotice error={error} />
    </div>
  );
}

/** Her account, section by section. */
export function AccountHome({ account, onLeave }: { account: SignedInAccount; onLeave: (farewell: Farewell) => void }) {
  return (
    <div className="account-home" data-testid="account-home">
      <OrdersSection email={account.email} />
      <AddressesSection />
      <SizesSection sizes={account.sizes} />
      <FavoritesSection />
      <AlertsSection />
      <PreferencesSection preferences={account.preferences} />
      <DataSection onDeleted={onLeave} />
      <SessionButtons onLeave={onLeave} />
    </div>
  );
}
