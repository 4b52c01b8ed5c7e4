import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Save } from 'lucide-react';
import { LIMITS, type ContentProblem, type SiteContent } from '@shop/shared';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { Banner, ErrorState, Spinner } from '@/components/feedback';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { NoticeBanner } from '@/components/notice-banner';
import { PageHeader } from '@/components/page-header';
import { RefreshButton } from '@/components/refresh-button';
import { TabList } from '@/components/tab-list';
import { contentQueries } from './api/get-content';
import { useUpdateContent } from './api/update-content';
import { contentToSave, failureText, type ContentEdit, type ContentTabProps } from './content-editor-model';
import { DELIVERY_PROBLEMS_ID, contentDeliveryProblems } from './delivery-model';
import { HeroTab } from './tabs/hero-tab';
import { CatalogTab } from './tabs/catalog-tab';
import { WhyChooseTab } from './tabs/why-choose-tab';
import { ProductDetailTab } from './tabs/product-detail-tab';
import { SizeGuidesTab } from './tabs/size-guides-tab';
import { CheckoutTab } from './tabs/checkout-tab';
import { DeliveryTab } from './tabs/delivery-tab';
import { ContactTab } from './tabs/contact-tab';
import { WhatsappTab } from './tabs/whatsapp-tab';
import { ReturnsTab } from './tabs/returns-tab';
import { TaxesTab } from './tabs/taxes-tab';
import { LegalTab } from './tabs/legal-tab';

const TABS = [
  { id: 'hero', label: 'Sección Inicial', Component: HeroTab },
  { id: 'catalog', label: 'Sección Catálogo', Component: CatalogTab },
  { id: 'why', label: '¿Por qué Jazmín Lencería?', Component: WhyChooseTab },
  { id: 'detail', label: 'Detalle de Producto', Component: ProductDetailTab },
  { id: 'sizes', label: 'Guía de Tallas', Component: SizeGuidesTab },
  { id: 'checkout', label: 'Métodos de Pago', Component: CheckoutTab },
  { id: 'delivery', label: 'Envíos', Component: DeliveryTab },
  { id: 'contact', label: 'Informacion Contacto', Component: ContactTab },
  { id: 'whatsapp', label: 'Mensajes de WhatsApp', Component: WhatsappTab },
  { id: 'returns', label: 'Cambios y devoluciones', Component: ReturnsTab },
  { id: 'taxes', label: 'Impuestos', Component: TaxesTab },
  { id: 'legal', label: 'Legales', Component: LegalTab },
] as const satisfies readonly { id: string; label: string; Component: ComponentType<ContentTabProps> }[];
type TabId = (typeof TABS)[number]['id'];

export function ContentEditorPage() {
  const queryClient = useQueryClient();
  const query = useQuery({ ...contentQueries.answer(), staleTime: 0 });
  const save = useUpdateContent();
  const banner = useTimedMessage();
  const [draft, setDraft] = useState<SiteContent | null>(null);
  const [loadedFrom, setLoadedFrom] = useState<SiteContent | null>(null);
  const [tab, setTab] = useState<TabId>('hero');
  const [confirmRefresh, setConfirmRefresh] = useState(false);
  const [replaceUnreadable, setReplaceUnreadable] = useState(false);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Set when the delivery problems must be shown: once the Envíos tab is drawn, focus moves to (and scrolls to) them.
  const [focusProblems, setFocusProblems] = useState(false);

  // A freshly loaded content replaces the local draft (first load, refresh, reload after save).
  if (query.data && query.data.content !== loadedFrom) {
    setLoadedFrom(query.data.content);
    setDraft(structuredClone(query.data.content));
    setReplaceUnreadable(false);
  }
  const unreadable = query.data?.problems ?? [];
  useEffect(
    () => () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
    },
    [],
  );

  useEffect(() => {
    if (!focusProblems) return;
    document.getElementById(DELIVERY_PROBLEMS_ID)?.focus();
    setFocusProblems(false);
  }, [focusProblems]);

  const dirty = draft !== null && loadedFrom !== null && JSON.stringify(draft) !== JSON.stringify(loadedFrom);

  const edit: ContentEdit = (change) => {
    setDraft((current) => {
      if (!current) return current;
      const next = structuredClone(current);
      change(next);
      return next;
    });
  };

  function reload() {
    setLoadedFrom(null);
    void queryClient.invalidateQueries({ queryKey: contentQueries.all() });
  }

  function handleSave() {
    if (!draft) {
      banner.show({ kind: 'error', text: 'No hay contenido para guardar' });
      return;
    }
    // The server would refuse these (same messages): say so now and show where they are.
    const [deliveryProblem] = contentDeliveryProblems(draft);
    if (deliveryProblem) {
      banner.show({ kind: 'error', text: `No se pueden guardar los cambios de «Envíos»: ${deliveryProblem}` });
      showDeliveryProblems();
      return;
    }
    save.mutate(contentToSave(draft, loadedFrom ?? draft, unreadable, replaceUnreadable), {
      onSuccess: () => {
        banner.show({ kind: 'success', text: 'Contenido actualizado exitosamente!' }, LIMITS.contentSaveBannerMs);
        reloadTimer.current = setTimeout(reload, LIMITS.contentReloadMs);
      },
      onError: (error) =>
        banner.show({
          kind: 'error',
          text: failureText(error, 'Error al actualizar el contenido.', 'Error al guardar el contenido. Intente nuevamente.'),
        }),
    });
  }

  function showDeliveryProblems() {
    setTab('delivery');
    setFocusProblems(true);
  }

  if (query.isPending && !draft) return <Spinner label="Cargando contenido..." />;
  if (!draft) {
    return (
      <div className="page">
        <h1>Contenido del sitio</h1>
        <div className="card">
          <ErrorState message="Error al cargar el contenido. Intente nuevamente." onRetry={() => void query.refetch()} />
        </div>
      </div>
    );
  }

  const active = TABS.find((t) => t.id === tab) ?? TABS[0];
  const deliveryIssues = contentDeliveryProblems(draft).length;
  const ActiveTab = active.Component;

  return (
    <div className="page" data-testid="content-editor-page">
      <PageHeader title="Contenido del sitio" description="Los cambios se guardan todos juntos al presionar «Guardar cambios».">
        <div className="page-header-actions">
          <RefreshButton busy={query.isFetching} onClick={() => (dirty ? setConfirmRefresh(true) : reload())} />
        </div>
      </PageHeader>
      {query.isError && <Banner kind="error">Error al cargar el contenido.</Banner>}
      {unreadable.length > 0 && (
        <UnreadableValues problems={unreadable} replace={replaceUnreadable} onReplaceChange={setReplaceUnreadable} />
      )}
      <NoticeBanner notice={banner} />
      <TabList
        label="Secciones del contenido"
        idPrefix="content-tab"
        tabs={TABS}
        current={tab}
        onChoose={setTab}
        panelId={() => 'content-tabpanel'}
      />
      <section
        id="content-tabpanel"
        role="tabpanel"
        aria-labelledby={`content-tab-${active.id}`}
        className="card"
        data-testid={`content-tab-${active.id}`}
      >
        <ActiveTab content={draft} edit={edit} saved={loadedFrom ?? draft} services={query.data?.services} />
      </section>
      <div className="sticky-save">
        <p className={dirty ? 'unsaved' : 'muted'} role="status">
          {dirty ? 'Hay cambios sin guardar.' : 'Sin cambios pendientes.'}
        </p>
        {deliveryIssues > 0 && (
          <button type="button" className="btn btn-ghost btn-sm sticky-problems" onClick={showDeliveryProblems}>
            <AlertTriangle size={16} aria-hidden="true" /> {deliveryIssues === 1 ? '1 problema' : `${deliveryIssues} problemas`} en «Envíos»
          </button>
        )}
        <button type="button" className="btn btn-primary" onClick={handleSave} disabled={save.isPending}>
          <Save size={16} aria-hidden="true" /> {save.isPending ? 'Guardando...' : 'Guardar cambios'}
        </button>
      </div>
      {confirmRefresh && (
        <ConfirmDialog
          title="Descartar cambios"
          message="Tenés cambios sin guardar. Si actualizás, se van a perder. ¿Querés continuar?"
          confirmLabel="Descartar y actualizar"
          onConfirm={() => {
            setConfirmRefresh(false);
            reload();
          }}
          onCancel={() => setConfirmRefresh(false)}
        />
      )}
    </div>
  );
}

/**
 * Stored values the server could not read (written by hand in Strapi's panel, or by an older version): the shop and
 * this form show their defaults. Saving keeps them as stored unless they are changed here or the staff chooses to
 * replace them, so a save never writes defaults over them by accident.
 */
function UnreadableValues({
  problems,
  replace,
  onReplaceChange,
}: {
  problems: readonly ContentProblem[];
  replace: boolean;
  onReplaceChange: (replace: boolean) => void;
}) {
  return (
    <div className="alert alert-warning unreadable-values" role="alert" data-testid="unreadable-values">
      <AlertTriangle size={18} aria-hidden="true" />
      <div className="alert-text">
        <p>
          <strong>Hay valores guardados que la tienda no puede leer.</strong> Mientras tanto, la tienda y este formulario muestran su valor
          por defecto:
        </p>
        <ul>
          {problems.map((p) => (
            <li key={p.path}>
              <code>{p.path || 'todo el contenido'}</code>: {p.message}
            </li>
          ))}
        </ul>
        <p>Al guardar se conservan como están (y el guardado se rechaza hasta corregirlos), salvo los que cambies en este formulario.</p>
        <label className="unreadable-replace">
          <input type="checkbox" checked={replace} onChange={(e) => onReplaceChange(e.target.checked)} />
          Reemplazarlos por lo que muestra este formulario
        </label>
      </div>
    </div>
  );
}
