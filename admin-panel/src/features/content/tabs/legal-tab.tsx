import { useId } from 'react';
import { Upload } from 'lucide-react';
import {
  CONSUMER_DEFENSE_LINK_TEXT,
  DEFAULT_CONSUMER_DEFENSE_URL,
  DEFAULT_PRIVACY_TEXT,
  DEFAULT_TERMS_TEXT,
  LEGAL_TEXT_MAX,
  type SiteContent,
} from '@shop/shared';
import { Banner } from '@/components/feedback';
import { draftSetter, type ContentEdit } from '../content-editor-model';
import { TextAreaField, TextField } from '../fields';
import { useImageUpload } from './use-image-upload';
import './legal-tab.css';

/**
 * 'Legales': what the law asks the storefront to show beside the shop's own texts, and why, in the owner's words:
 * the consumer-defence link, the Data Fiscal, and the pages "Términos y condiciones" and "Política de privacidad".
 */
/** The two legal pages the owner writes: their heading, what they are for and the text suggested to start from. */
const LEGAL_PAGES = {
  terms: {
    legend: 'Términos y condiciones',
    why: 'La página «Términos y condiciones», enlazada al pie de cada página: cómo compra una clienta en la tienda.',
    suggested: DEFAULT_TERMS_TEXT,
  },
  privacy: {
    legend: 'Política de privacidad',
    why: 'La página «Política de privacidad» (Ley 25.326): quién guarda los datos de las clientas, para qué, cuánto tiempo, y cómo pedir verlos, corregirlos o borrarlos. Cada formulario de la tienda enlaza a ella.',
    suggested: DEFAULT_PRIVACY_TEXT,
  },
};

export function LegalTab({ content, edit }: { content: SiteContent; edit: ContentEdit }) {
  const set = draftSetter(edit, (d) => d.legal);
  const legal = content.legal;
  const fileId = useId();
  const { uploading, notice, onFile } = useImageUpload(
    {
      success: 'Imagen del Data Fiscal subida. Guardá los cambios para publicarla.',
      failure: ['No se pudo subir la imagen', 'No se pudo subir la imagen. Probá de nuevo.'],
    },
    ({ url }) => set('dataFiscalImage')(url),
  );

  return (
    <div className="stack" data-testid="legal-editor">
      <fieldset className="fieldset">
        <legend>Defensa del Consumidor</legend>
        <p className="muted">
          Toda tienda online argentina debe mostrar el enlace «{CONSUMER_DEFENSE_LINK_TEXT}», que lleva al formulario de reclamos de Defensa
          del Consumidor. La tienda lo muestra al pie de cada página con ese texto exacto. Si el Estado cambia la dirección del formulario,
          actualizala acá (debe empezar con https://).
        </p>
        <TextField
          label="Dirección del formulario de reclamos de Defensa del Consumidor"
          type="url"
          value={legal.consumerDefenseUrl}
          onChange={set('consumerDefenseUrl')}
          placeholder={DEFAULT_CONSUMER_DEFENSE_URL}
          hint={`Por defecto: ${DEFAULT_CONSUMER_DEFENSE_URL}`}
          maxLength={500}
          required
        />
      </fieldset>
      <fieldset className="fieldset" data-testid="data-fiscal-editor">
        <legend>Data Fiscal</legend>
        <p className="muted">
          ARCA pide que toda tienda online muestre su «Data Fiscal» (RG 1415): un código QR que lleva a los datos fiscales de la tienda. En
          ARCA, entrá con tu clave fiscal al servicio «Data Fiscal», copiá la dirección del QR y descargá su imagen. Hasta que cargues las
          dos, la tienda no lo muestra y la Lista para abrir lo marca como pendiente.
        </p>
        {notice.message && <Banner kind={notice.message.kind}>{notice.message.text}</Banner>}
        <TextField
          label="Dirección del Data Fiscal"
          type="url"
          value={legal.dataFiscalUrl}
          onChange={set('dataFiscalUrl')}
          placeholder="http://qr.afip.gob.ar/?qr=…"
          hint="La que da ARCA: una dirección de afip.gob.ar o arca.gob.ar."
          maxLength={500}
        />
        <div className="legal-data-fiscal">
          {legal.dataFiscalImage ? (
            <img src={legal.dataFiscalImage} alt="Imagen del Data Fiscal cargada" width={60} />
          ) : (
            <span className="muted">Sin imagen</span>
          )}
          <div>
            <input
              id={fileId}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="visually-hidden"
              onChange={(e) => void onFile(e)}
              disabled={uploading}
            />
            <label htmlFor={fileId} className={`btn btn-secondary${uploading ? ' disabled' : ''}`}>
              <Upload size={16} aria-hidden="true" /> {uploading ? 'Subiendo...' : 'Subir la imagen del Data Fiscal'}
            </label>
            <p className="hint">JPG, PNG o WEBP, máximo 5MB.</p>
            {legal.dataFiscalImage && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => set('dataFiscalImage')('')}>
                Quitar la imagen
              </button>
            )}
          </div>
        </div>
      </fieldset>
      <LegalText {...LEGAL_PAGES.terms} value={legal.termsText} onChange={set('termsText')} />
      <LegalText {...LEGAL_PAGES.privacy} value={legal.privacyText} onChange={set('privacyText')} />
    </div>
  );
}

function LegalText(props: { legend: string; why: string; value: string; suggested: string; onChange: (value: string) => void }) {
  const { legend, why, value, suggested, onChange } = props;
  return (
    <fieldset className="fieldset">
      <legend>{legend}</legend>
      <p className="muted">
        {why} Empieza con un texto sugerido para esta tienda: revisalo con tu contador o abogado. «## » al principio de una línea la vuelve
        un título, «- » un punto de una lista; {'{tienda}'}, {'{ciudad}'} y {'{email}'} se reemplazan por los datos de la tienda. Si lo
        dejás vacío, se muestra el sugerido.
      </p>
      <TextAreaField label={`Texto de «${legend}»`} value={value} onChange={onChange} rows={12} />
      <p className="hint">
        {value.length.toLocaleString('es-AR')} de {LEGAL_TEXT_MAX.toLocaleString('es-AR')} caracteres.{' '}
        {value !== suggested && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(suggested)}>
            Volver al texto sugerido
          </button>
        )}
      </p>
    </fieldset>
  );
}
