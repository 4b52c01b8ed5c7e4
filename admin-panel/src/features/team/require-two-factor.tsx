import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { LIMITS } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { NoticeBanner } from '@/components/notice-banner';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { useAuth } from '@/features/auth';
import { contentQueries, useUpdateContent } from '@/features/content';

/**
 * The owner's shop-wide setting `security.requireTwoFactor`: when on, staff without two-factor sign-in are sent to set
 * it up before anything else (the server refuses their other calls). Saved alone (the server merges the section), so
 * nothing else of the content is touched. Turning it on needs two-factor sign-in on the owner's own account first.
 */
export function RequireTwoFactor() {
  const { user } = useAuth();
  const content = useQuery(contentQueries.site());
  const save = useUpdateContent();
  const notice = useTimedMessage();
  const required = content.data?.security.requireTwoFactor ?? false;
  const ownHasIt = user?.twoFactorEnabled ?? false;

  function toggle(next: boolean) {
    notice.clear();
    save.mutate(
      { security: { requireTwoFactor: next } },
      {
        onSuccess: () =>
          notice.show(
            {
              kind: 'success',
              text: next
                ? 'Desde ahora todo el equipo entra con verificación en dos pasos.'
                : 'La verificación en dos pasos ya no es obligatoria.',
            },
            LIMITS.bannerMs,
          ),
        onError: (error) => notice.show({ kind: 'error', text: errorMessage(error) }),
      },
    );
  }

  return (
    <section className="card" aria-labelledby="require-2fa-title" data-testid="require-two-factor">
      <h2 id="require-2fa-title" className="card-title">
        <ShieldCheck size={18} aria-hidden="true" /> Verificación en dos pasos para todo el equipo
      </h2>
      <p className="muted invite-intro">
        Con esta opción, quien no la tenga activada tiene que configurarla en «Config» antes de usar el panel.
        {!ownHasIt && !required && ' Para exigirla, primero activala en tu propia cuenta.'}
      </p>
      <label className="switch">
        <input
          type="checkbox"
          checked={required}
          disabled={content.isPending || content.isError || save.isPending || (!ownHasIt && !required)}
          onChange={(e) => toggle(e.target.checked)}
        />
        <span>Exigir verificación en dos pasos</span>
      </label>
      {content.isError && <p className="hint">No se pudo leer la configuración: {errorMessage(content.error)}</p>}
      <NoticeBanner notice={notice} />
    </section>
  );
}
