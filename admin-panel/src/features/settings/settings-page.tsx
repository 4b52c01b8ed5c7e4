import { useState, type KeyboardEvent } from 'react';
import { Lock, User } from 'lucide-react';
import { ProfileForm } from './profile-form';
import { SecurityForm } from './security-form';

type Tab = 'profile' | 'security';

export function SettingsPage() {
  const [tab, setTab] = useState<Tab>('profile');
  const tabs: { id: Tab; label: string; icon: typeof User }[] = [
    { id: 'profile', label: 'Perfil', icon: User },
    { id: 'security', label: 'Seguridad', icon: Lock },
  ];

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const next: Tab = tab === 'profile' ? 'security' : 'profile';
      setTab(next);
      document.getElementById(`settings-tab-${next}`)?.focus();
    }
  }

  return (
    <div className="page page-narrow" data-testid="settings-page">
      <header className="page-header">
        <div>
          <h1>Configuración</h1>
          <p className="muted">Tu perfil y tu contraseña de acceso</p>
        </div>
      </header>
      <div className="tabs" role="tablist" aria-label="Configuración de la cuenta">
        {tabs.map(({ id, label, icon: Icon }) => (
          <button
            key={id}
            id={`settings-tab-${id}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === id}
            aria-controls={`settings-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
            onKeyDown={onKeyDown}
          >
            <Icon size={16} aria-hidden="true" /> {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`} className="card">
        {tab === 'profile' ? <ProfileForm /> : <SecurityForm />}
      </div>
    </div>
  );
}
