import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Lock, Save, User } from 'lucide-react';
import { LIMITS, MIN_PASSWORD_LENGTH, MSG } from '@shop/shared';
import { ApiError } from '@/lib/api-error';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { Banner } from '@/components/feedback';
import { useAuth } from '@/features/auth/auth-context';
import { parseSessionUser } from '@/features/auth/admin-user';
import { useUpdateProfile } from './api/update-profile';
import { useUpdatePassword } from './api/update-password';
import { PasswordField } from './password-field';
import { validatePasswordForm, type PasswordErrors, type PasswordForm } from './password-form-model';

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

function ProfileForm() {
  const { user, updateUser } = useAuth();
  const [username, setUsername] = useState(user?.username ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const message = useTimedMessage();
  const mutation = useUpdateProfile();
  // The e-mail is the sign-in name: changing it asks for the current password.
  const emailChanged = email.trim().toLowerCase() !== (user?.email ?? '').toLowerCase();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim() || !email.trim()) {
      message.show({ kind: 'error', text: 'El nombre de usuario y el email son requeridos.' });
      return;
    }
    if (emailChanged && !currentPassword) {
      setPasswordError(MSG.password.neededForEmail);
      return;
    }
    setPasswordError(undefined);
    message.clear();
    mutation.mutate(
      { username: username.trim(), email: email.trim(), ...(emailChanged ? { currentPassword } : {}) },
      {
        onSuccess: ({ user: raw }) => {
          const next = parseSessionUser(raw);
          if (next && user) updateUser({ ...next, role: next.role || user.role });
          setCurrentPassword('');
          message.show({ kind: 'success', text: 'Perfil actualizado exitosamente!' }, LIMITS.bannerMs);
        },
        onError: (error) =>
          message.show({
            kind: 'error',
            text:
              error instanceof ApiError && error.status !== undefined
                ? error.message
                : 'Error al actualizar el perfil. Intente nuevamente.',
          }),
      },
    );
  }

  return (
    <form className="stack" onSubmit={submit} noValidate data-testid="profile-form">
      {message.message && <Banner kind={message.message.kind}>{message.message.text}</Banner>}
      <div className="field">
        <label htmlFor="profile-username">
          Nombre de usuario{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id="profile-username"
          type="text"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
          autoComplete="username"
        />
      </div>
      <div className="field">
        <label htmlFor="profile-email">
          Email{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <input id="profile-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="email" />
      </div>
      {emailChanged && (
        <PasswordField
          id="profile-current-password"
          label="Contraseña actual"
          value={currentPassword}
          onChange={setCurrentPassword}
          autoComplete="current-password"
          error={passwordError}
          hint="Para cambiar el email (con el que inicias sesión) confirma tu contraseña actual."
        />
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
          <Save size={16} aria-hidden="true" /> {mutation.isPending ? 'Guardando...' : 'Guardar Cambios'}
        </button>
      </div>
    </form>
  );
}

const EMPTY_PASSWORDS: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

function SecurityForm() {
  const { replaceToken } = useAuth();
  const [form, setForm] = useState<PasswordForm>(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const message = useTimedMessage();
  const mutation = useUpdatePassword();
  const set = (key: keyof PasswordForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validatePasswordForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    message.clear();
    mutation.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      {
        onSuccess: ({ token }) => {
          // Every other session of the account ended; this one continues with the token the server answered.
          if (token) replaceToken(token);
          setForm(EMPTY_PASSWORDS);
          message.show({ kind: 'success', text: 'Contraseña actualizada exitosamente!' }, LIMITS.bannerMs);
        },
        onError: (error) =>
          message.show({
            kind: 'error',
            text:
              error instanceof ApiError && error.status !== undefined
                ? error.message
                : 'Error al actualizar la contraseña. Intente nuevamente.',
          }),
      },
    );
  }

  return (
    <form className="stack" onSubmit={submit} noValidate data-testid="password-form">
      {message.message && <Banner kind={message.message.kind}>{message.message.text}</Banner>}
      <PasswordField
        id="current-password"
        label="Contraseña actual"
        value={form.currentPassword}
        onChange={set('currentPassword')}
        autoComplete="current-password"
        error={errors.currentPassword}
      />
      <PasswordField
        id="new-password"
        label="Nueva contraseña"
        value={form.newPassword}
        onChange={set('newPassword')}
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        error={errors.newPassword}
      />
      <PasswordField
        id="confirm-password"
        label="Confirmar nueva contraseña"
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        error={errors.confirmPassword}
      />
      <p className="hint">Mínimo {MIN_PASSWORD_LENGTH} caracteres.</p>
      <div>
        <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
          <Lock size={16} aria-hidden="true" /> {mutation.isPending ? 'Actualizando...' : 'Cambiar Contraseña'}
        </button>
      </div>
    </form>
  );
}
