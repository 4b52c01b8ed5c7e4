import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Link2, Store } from 'lucide-react';
import {
  MERCADOLIBRE_CALLBACK_ERRORS,
  MERCADOLIBRE_LISTING_TYPE_LABELS,
  MERCADOLIBRE_LISTING_TYPES,
  MERCADOLIBRE_MAX_PERCENT,
  MERCADOLIBRE_MAX_SAFETY_BUFFER,
  type MercadoLibreChannelAnswer,
  type MercadoLibreListingType,
  type MercadoLibreSettings,
} from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { Banner, SaveFooter, QueryNote } from '@/components/feedback';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DetailCard } from '@/components/detail-card';
import { PageHeader } from '@/components/page-header';
import { MercadoLibreQuestionsCard } from './mercadolibre-questions';
import {
  mercadoLibreQueries,
  useCheckMercadoLibre,
  useConnectMercadoLibre,
  useDisconnectMercadoLibre,
  useSaveMercadoLibreSettings,
} from './api/mercadolibre';
import { BulkPublishCard } from './bulk-publish';
import { ListingsCard } from './listings-card';
import { PublishForm } from './publish-form';

type Message = { ok: boolean; text: string } | null;

const isListingType = (value: string): value is MercadoLibreListingType =>
  (MERCADOLIBRE_LISTING_TYPES as readonly string[]).includes(value);

/** What the callback's way back says (`?connected=1` or `?error=…`). */
function callbackNotice(params: URLSearchParams): Message {
  if (params.get('connected') === '1') return { ok: true, text: 'Cuenta de Mercado Libre conectada' };
  const error = params.get('error');
  if (error && Object.prototype.hasOwnProperty.call(MERCADOLIBRE_CALLBACK_ERRORS, error)) {
    return { ok: false, text: MERCADOLIBRE_CALLBACK_ERRORS[error as keyof typeof MERCADOLIBRE_CALLBACK_ERRORS] };
  }
  return null;
}

function AccountCard({ channel }: { channel: MercadoLibreChannelAnswer }) {
  const connect = useConnectMercadoLibre();
  const check = useCheckMercadoLibre();
  const disconnect = useDisconnectMercadoLibre();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  const startConnection = () => {
    setMessage(null);
    connect.mutate(undefined, {
      onSuccess: (answer) => window.location.assign(answer.authorizationUrl),
      onError: (e) => setMessage({ ok: false, text: errorMessage(e, 'No se pudo iniciar la conexión con Mercado Libre') }),
    });
  };

  return (
    <DetailCard headingId="meli-account" title="Cuenta" icon={Link2} testId="meli-account">
      <div className="stack">
        {channel.connected ? (
          <p data-testid="meli-nickname">
            Conectada como <strong>{channel.nickname}</strong>
            {channel.userId !== null && <span className="muted"> (usuario {channel.userId})</span>}
          </p>
        ) : (
          <p className="muted">La tienda todavía no está conectada a una cuenta de Mercado Libre.</p>
        )}
        {channel.problem && (
          <p className="field-error" role="alert">
            {channel.problem}
          </p>
        )}
        <div className="row">
          {(!channel.connected || channel.needsReconnect) && (
            <button type="button" className="btn btn-primary" onClick={startConnection} disabled={connect.isPending}>
              {connect.isPending ? 'Abriendo Mercado Libre…' : channel.needsReconnect ? 'Volver a conectar' : 'Conectar'}
            </button>
          )}
          {channel.connected && !channel.needsReconnect && (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={check.isPending}
              onClick={() => {
                setMessage(null);
                check.mutate(undefined, {
                  onSuccess: (answer) => setMessage({ ok: true, text: answer.message }),
                  onError: (e) => setMessage({ ok: false, text: errorMessage(e, 'Error al probar la conexión') }),
                });
              }}
            >
              {check.isPending ? 'Probando…' : 'Probar conexión'}
            </button>
          )}
          {channel.connected && (
            <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
              Desconectar
            </button>
          )}
        </div>
        {message && (
          <p className={message.ok ? 'hint' : 'field-error'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </p>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title="Desconectar Mercado Libre"
          message="La tienda borra su acceso a la cuenta de Mercado Libre. Tus publicaciones allá siguen como están. ¿Desconectar?"
          confirmLabel="Desconectar"
          busyLabel="Desconectando…"
          busy={disconnect.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            disconnect.mutate(undefined, {
              onSuccess: (answer) => setMessage({ ok: true, text: answer.message }),
              onError: (e) => setMessage({ ok: false, text: errorMessage(e, 'No se pudo desconectar la cuenta') }),
              onSettled: () => setConfirming(false),
            })
          }
        />
      )}
    </DetailCard>
  );
}

function SettingsCard({ initial }: { initial: MercadoLibreSettings }) {
  const [form, setForm] = useState(initial);
  const [message, setMessage] = useState<Message>(null);
  const save = useSaveMercadoLibreSettings();
  const percent = form.priceRule.kind === 'percent' ? form.priceRule.percent : 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    save.mutate(form, {
      onSuccess: () => setMessage({ ok: true, text: 'Ajustes de Mercado Libre guardados' }),
      onError: (e) => setMessage({ ok: false, text: errorMessage(e, 'Error al guardar') }),
    });
  }

  return (
    <DetailCard headingId="meli-settings" title="Ajustes del canal" icon={Store} testId="meli-settings">
      <form onSubmit={submit} className="stack" aria-labelledby="meli-settings">
        <fieldset className="field">
          <legend>Precio en Mercado Libre</legend>
          <label>
            <input
              type="radio"
              name="meli-price"
              checked={form.priceRule.kind === 'percent'}
              onChange={() => setForm((f) => ({ ...f, priceRule: { kind: 'percent', percent } }))}
            />{' '}
            Un porcentaje sobre el precio web (redondeado al peso)
          </label>
          <label>
            <input
              type="radio"
              name="meli-price"
              checked={form.priceRule.kind === 'perProduct'}
              onChange={() => setForm((f) => ({ ...f, priceRule: { kind: 'perProduct' } }))}
            />{' '}
            Un precio para cada producto
          </label>
        </fieldset>
        {form.priceRule.kind === 'percent' && (
          <div className="field">
            <label htmlFor="meli-percent">Porcentaje sobre el precio web</label>
            <input
              id="meli-percent"
              type="number"
              min={0}
              max={MERCADOLIBRE_MAX_PERCENT}
              step="0.1"
              value={percent}
              onChange={(e) => setForm((f) => ({ ...f, priceRule: { kind: 'percent', percent: Number(e.target.value) } }))}
              required
            />
          </div>
        )}
        <div className="field">
          <label htmlFor="meli-listing-type">Tipo de publicación</label>
          <select
            id="meli-listing-type"
            value={form.listingType}
            onChange={(e) => {
              const value = e.target.value;
              if (isListingType(value)) setForm((f) => ({ ...f, listingType: value }));
            }}
          >
            {MERCADOLIBRE_LISTING_TYPES.map((type) => (
              <option key={type} value={type}>
                {MERCADOLIBRE_LISTING_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="meli-buffer">Unidades reservadas por variante</label>
          <input
            id="meli-buffer"
            type="number"
            min={0}
            max={MERCADOLIBRE_MAX_SAFETY_BUFFER}
            step={1}
            value={form.safetyBuffer}
            onChange={(e) => setForm((f) => ({ ...f, safetyBuffer: Number(e.target.value) }))}
            aria-describedby="meli-buffer-hint"
            required
          />
          <p id="meli-buffer-hint" className="hint">
            Se ofrecen en Mercado Libre las unidades de cada variante menos estas (0: todas).
          </p>
        </div>
        <SaveFooter message={message} pending={save.isPending} label="Guardar ajustes" />
      </form>
    </DetailCard>
  );
}

/** Canales › Mercado Libre (owner, two-factor): connect the account, its settings, publish products, the listings. */
export function MercadoLibrePage() {
  const query = useQuery(mercadoLibreQueries.channel());
  const [params] = useSearchParams();
  const notice = callbackNotice(params);
  return (
    <div className="stack">
      <PageHeader title="Canales › Mercado Libre" description="La cuenta de Mercado Libre de la tienda y cómo se publica allí." />
      {notice && <Banner kind={notice.ok ? 'success' : 'error'}>{notice.text}</Banner>}
      <QueryNote query={query} loading="Cargando…" failure="Error al cargar Mercado Libre" />
      {query.data && (
        <>
          <AccountCard channel={query.data} />
          <SettingsCard initial={query.data.settings} />
          {query.data.connected && !query.data.needsReconnect && (
            <>
              <PublishForm settings={query.data.settings} />
              <BulkPublishCard settings={query.data.settings} />
              <ListingsCard />
            </>
          )}
          {query.data.connected && !query.data.needsReconnect && <MercadoLibreQuestionsCard />}
        </>
      )}
    </div>
  );
}
