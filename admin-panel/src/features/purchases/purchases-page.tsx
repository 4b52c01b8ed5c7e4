import { useState } from 'react';
import { Banner } from '@/components/feedback';
import { PageHeader } from '@/components/page-header';
import { CostMethodField } from './cost-method-field';
import { draftOf, EMPTY_DRAFT, PurchaseForm, type DraftState } from './purchase-form';
import { PurchaseList } from './purchase-list';

/**
 * "Ingreso de mercadería" (purchases.manage): a purchase from a supplier, its lines scanned or typed (a scanner types
 * the code and Enter), saved as a draft or received at once; the purchases with their status, received or reversed.
 */
export function PurchasesPage() {
  const [draft, setDraft] = useState<DraftState>(EMPTY_DRAFT);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  return (
    <div className="page" data-testid="purchases-page">
      <PageHeader
        title="Ingreso de mercadería"
        description="Cargá lo que llegó de cada proveedor: las unidades se suman al stock al recibirlas."
      >
        <CostMethodField />
      </PageHeader>
      {notice && (
        <Banner kind={notice.kind} onClose={() => setNotice(null)}>
          <span data-testid="purchases-notice">{notice.text}</span>
        </Banner>
      )}
      <PurchaseForm
        draft={draft}
        onChange={setDraft}
        onDone={(text, purchase) => {
          setNotice({ kind: 'success', text });
          setDraft(purchase.status === 'draft' ? draftOf(purchase) : EMPTY_DRAFT);
        }}
      />
      <PurchaseList onEdit={(purchase) => setDraft(draftOf(purchase))} onNotice={(kind, text) => setNotice({ kind, text })} />
    </div>
  );
}
