import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Settings } from 'lucide-react';
import { REVIEW_LIMITS, REVIEW_MSG, type ReviewSettings } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { DetailCard } from '@/components/detail-card';
import { ErrorState, SaveFooter, Spinner } from '@/components/feedback';
import { reviewQueries, useSaveReviewSettings } from './api/reviews';

function SettingsForm({ settings }: { settings: ReviewSettings }) {
  const [days, setDays] = useState(String(settings.invitationDelayDays));
  const [autoPublish, setAutoPublish] = useState(settings.autoPublishShort);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useSaveReviewSettings();

  function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const delay = Number(days);
    if (days.trim() === '' || !Number.isInteger(delay) || delay < 0 || delay > REVIEW_LIMITS.maxDelayDays) {
      return setMessage({ ok: false, text: REVIEW_MSG.delay });
    }
    save.mutate(
      { invitationDelayDays: delay, autoPublishShort: autoPublish },
      {
        onSuccess: (answer) => {
          setDays(String(answer.invitationDelayDays));
          setAutoPublish(answer.autoPublishShort);
          setMessage({ ok: true, text: 'Ajustes de opiniones guardados' });
        },
        onError: (e) => setMessage({ ok: false, text: errorMessage(e, 'Error al guardar los ajustes de opiniones') }),
      },
    );
  }

  return (
    <form className="stack" onSubmit={submit} aria-label="Ajustes de opiniones" noValidate>
      <div className="field">
        <label htmlFor="review-delay">Días después de la entrega para pedir la opinión</label>
        <input
          id="review-delay"
          type="number"
          inputMode="numeric"
          min={0}
          max={REVIEW_LIMITS.maxDelayDays}
          step={1}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          aria-describedby="review-delay-hint"
        />
        <p className="hint" id="review-delay-hint">
          De 0 a {REVIEW_LIMITS.maxDelayDays}. Se le escribe una vez por e-mail, y se le recuerda una semana después si no opinó.
        </p>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={autoPublish} onChange={(e) => setAutoPublish(e.target.checked)} /> Publicar al instante las de 4 o 5
        estrellas sin texto
      </label>
      <div>
        <SaveFooter message={message} pending={save.isPending} label="Guardar" />
      </div>
    </form>
  );
}

/** The owner's settings of the reviews (settings.manage): when the invitation goes, and what is published at once. */
export function ReviewSettingsCard() {
  const settings = useQuery(reviewQueries.settings());
  return (
    <DetailCard headingId="review-settings-title" title="Pedido de opiniones" icon={Settings} testId="review-settings">
      {settings.isPending ? (
        <Spinner label="Cargando los ajustes de opiniones..." />
      ) : settings.isError ? (
        <ErrorState
          message={`Error al cargar los ajustes de opiniones: ${errorMessage(settings.error)}`}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </DetailCard>
  );
}
