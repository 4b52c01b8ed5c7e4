import { LIMITS, type SiteContent } from '@shop/shared';
import { CopyButton } from '@/components/copy-button';

type BankTransfer = SiteContent['checkout']['paymentInfo']['bankTransfer'];

export function BankDetails({ bank, copyMs = LIMITS.copyCheckoutMs }: { bank: BankTransfer; copyMs?: number }) {
  const rows: Array<{ label: string; value: string; copy?: boolean; mono?: boolean }> = [
    { label: 'Banco', value: bank.bankName },
    { label: 'Titular', value: bank.accountHolder },
    { label: 'Tipo de cuenta', value: bank.accountType },
    { label: 'Número de cuenta', value: bank.accountNumber, mono: true },
    { label: 'CBU', value: bank.cbu, copy: true, mono: true },
    { label: 'Alias', value: bank.alias, copy: true, mono: true },
  ].filter((row) => row.value.trim() !== '');
  if (rows.length === 0) {
    return <p className="muted small">Te enviaremos los datos bancarios por WhatsApp o email.</p>;
  }
  return (
    <dl className="bank-details" data-testid="bank-details">
      {rows.map((row) => (
        <div key={row.label} className="bank-details__row">
          <dt>{row.label}</dt>
          <dd>
            <span className={row.mono ? 'mono' : undefined}>{row.value}</span>
            {row.copy && <CopyButton value={row.value} resetMs={copyMs} label={row.label} />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
