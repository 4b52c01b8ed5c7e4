import { Upload, X } from 'lucide-react';
import type { TransferProof } from '../use-transfer-proof';

/** The optional transfer proof: file picker, preview with a remove button, and the type/size error. */
export function ProofField({ proof }: { proof: TransferProof }) {
  return (
    <div className="field">
      <span className="field__label" id="proof-label">
        Comprobante de transferencia (opcional)
      </span>
      <input
        ref={proof.fileInput}
        id="checkout-proof"
        type="file"
        accept="image/jpeg,image/jpg,image/png,image/webp"
        className="visually-hidden"
        aria-labelledby="proof-label"
        aria-describedby={proof.error ? 'proof-error' : undefined}
        onChange={proof.choose}
        data-testid="proof-input"
      />
      {proof.proof ? (
        <div className="proof-preview" data-testid="proof-preview">
          {proof.preview && <img src={proof.preview} alt="Vista previa del comprobante" />}
          <span className="small">{proof.proof.name}</span>
          <button type="button" className="icon-btn icon-btn--plain" onClick={proof.remove} aria-label="Quitar comprobante">
            <X size={18} aria-hidden="true" />
          </button>
        </div>
      ) : (
        <label className="upload-drop" htmlFor="checkout-proof">
          <Upload size={20} aria-hidden="true" />
          <span>Subir imagen (JPG, PNG o WEBP, máx. 5MB)</span>
        </label>
      )}
      {proof.error && (
        <p id="proof-error" className="field-error" role="alert">
          {proof.error}
        </p>
      )}
      <p className="muted small">Podés enviarlo ahora o más tarde por WhatsApp.</p>
    </div>
  );
}
