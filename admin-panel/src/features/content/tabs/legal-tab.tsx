import { CONSUMER_DEFENSE_LINK_TEXT, DEFAULT_CONSUMER_DEFENSE_URL, type SiteContent } from '@shop/shared';
import { draftSetter, type ContentEdit } from '../content-editor-model';
import { TextField } from '../fields';

/**
 * 'Legales': what the law asks the storefront to show beside the shop's own texts, and why, in the owner's words.
 * Today the consumer-defence link of the footer.
 */
export function LegalTab({ content, edit }: { content: SiteContent; edit: ContentEdit }) {
  const set = draftSetter(edit, (d) => d.legal);
  return (
    <div className="stack" data-testid="legal-editor">
      <p className="muted">
        Toda tienda online argentina debe mostrar el enlace «{CONSUMER_DEFENSE_LINK_TEXT}», que lleva al formulario de reclamos de Defensa
        del Consumidor. La tienda lo muestra al pie de cada página con ese texto exacto. Si el Estado cambia la dirección del formulario,
        actualizala acá (debe empezar con https://).
      </p>
      <TextField
        label="Dirección del formulario de reclamos de Defensa del Consumidor"
        type="url"
        value={content.legal.consumerDefenseUrl}
        onChange={set('consumerDefenseUrl')}
        placeholder={DEFAULT_CONSUMER_DEFENSE_URL}
        hint={`Por defecto: ${DEFAULT_CONSUMER_DEFENSE_URL}`}
        maxLength={500}
        required
      />
    </div>
  );
}
