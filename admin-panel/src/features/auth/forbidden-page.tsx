import { Link } from 'react-router-dom';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { STAFF_ROLE_LABELS } from '@shop/shared';
import { paths } from '@/config/paths';
import { useAuth } from './auth-context';

/** What a direct link to a screen the person's role does not include shows (instead of a screen full of errors). */
export function ForbiddenPage() {
  const { user } = useAuth();
  const role = user ? STAFF_ROLE_LABELS[user.staffRole] : null;
  return (
    <div className="page" data-testid="forbidden-page">
      <section className="card forbidden-card" aria-labelledby="forbidden-title">
        <ShieldAlert size={36} aria-hidden="true" className="forbidden-icon" />
        <h1 id="forbidden-title">No tenés permiso para ver esta pantalla</h1>
        <p className="muted">
          {role ? `Tu rol (${role}) no incluye esta sección.` : 'Tu cuenta no incluye esta sección.'} Si la necesitás, pedíselo a la dueña o
          dueño de la tienda.
        </p>
        <Link to={paths.dashboard} className="btn btn-primary">
          <ArrowLeft size={16} aria-hidden="true" /> Volver al dashboard
        </Link>
      </section>
    </div>
  );
}
