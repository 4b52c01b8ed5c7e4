import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { MSG, STOCK_MSG, type Product, type ProductInput } from '@shop/shared';
import { paths, publishOnMercadoLibrePath } from '@/config/paths';
import { ApiError, errorMessage, isRateLimited } from '@shop/client-kit';
import { BackLink } from '@/components/back-link';
import { Banner, Spinner } from '@/components/feedback';
import { useCategories } from '@/features/content';
import { usePermission } from '@/features/auth';
import { productQueries } from './api/product-queries';
import { useSaveProduct } from './api/save-product';
import {
  emptyProductForm,
  formToInput,
  productToForm,
  productFormSchema,
  withFreshStock,
  withMovedStock,
  type ProductFormValues,
} from './product-form-model';
import { ProductEditStep } from './product-edit-step';
import { ProductReviewStep } from './product-review-step';
import { StockAlertsCard } from './stock-alerts-card';
import { FitReportCard } from './fit-report-card';
import { ReviewStatsCard } from '@/features/reviews';
import { StockHistoryCard } from './stock-history-card';
import { VariantCostsCard } from './variant-costs-card';

export interface ProductListNotice {
  notice: { kind: 'success' | 'error'; text: string };
}

export function ProductFormPage() {
  const { id } = useParams();
  const location = useLocation();
  const isEdit = location.pathname.includes('/products/edit');
  if (isEdit && !id) return <Navigate to={paths.products} replace />;
  return <ProductFormLoader key={id ?? 'new'} id={id ?? null} />;
}

function ProductFormLoader({ id }: { id: string | null }) {
  const query = useQuery({ ...productQueries.detail(id ?? ''), enabled: id !== null, staleTime: 0 });
  if (id === null) return <ProductForm id={null} initial={emptyProductForm()} />;
  if (query.isPending) return <Spinner label="Cargando producto..." />;
  if (query.isError) {
    const state: ProductListNotice = { notice: { kind: 'error', text: `Error al cargar el producto: ${errorMessage(query.error)}` } };
    return <Navigate to={paths.products} replace state={state} />;
  }
  return <ProductForm id={id} initial={productToForm(query.data)} colorReview={query.data.colorReview === true} product={query.data} />;
}

/** "Revisá el stock por color": a migrated product whose units all sit on its first colour until the grid is saved. */
export const COLOR_REVIEW_TEXT = 'Revisá el stock por color';

interface ProductFormProps {
  id: string | null;
  initial: ProductFormValues;
  colorReview?: boolean;
  /** The product as loaded (edits): its stock history reads its variants. */
  product?: Product;
}

function ProductForm({ id, initial, colorReview = false, product }: ProductFormProps) {
  const navigate = useNavigate();
  const { categories, sizeGuides, usingFallback, loading } = useCategories();
  const schema = useMemo(() => productFormSchema(categories), [categories]);
  // The schema only checks: the review step gets the body from formToInput, as typed values stay strings.
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: initial,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [step, setStep] = useState<'edit' | 'review'>('edit');
  const [reviewInput, setReviewInput] = useState<ProductInput | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [rateLimited, setRateLimited] = useState(false);
  const [staleNotice, setStaleNotice] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const save = useSaveProduct();
  const isEdit = id !== null;
  const canPublish = usePermission('channels.manage');

  const goToReview = form.handleSubmit(
    (values) => {
      setSaveError(null);
      setReviewInput(formToInput(values));
      setStep('review');
      window.scrollTo(0, 0);
    },
    () => window.scrollTo({ top: 0, behavior: 'smooth' }),
  );

  function confirmSave() {
    if (!reviewInput) return;
    setSaveError(null);
    // Edits send the units each cell had when loaded: cells left alone keep what orders did meanwhile (see docs/api.md).
    const loaded = form.getValues('loadedVariants');
    const expected = isEdit && loaded ? { expectedVariants: loaded } : {};
    save.mutate(
      { id, input: { ...reviewInput, ...expected } },
      {
        onSuccess: (product) => {
          const state: ProductListNotice = {
            notice: {
              kind: 'success',
              text: isEdit ? `Producto "${product.title}" actualizado exitosamente.` : `Producto "${product.title}" creado exitosamente.`,
            },
          };
          navigate(paths.products, { state });
        },
        onError: (error) => {
          if (isRateLimited(error)) {
            setRateLimited(true);
            setSaveError(MSG.rateLimited);
            return;
          }
          if (id !== null && error instanceof ApiError && error.status === 409 && error.message === STOCK_MSG.stale) {
            void refreshStock(id);
            return;
          }
          const base = isEdit ? 'Error al actualizar el producto' : 'Error al crear el producto';
          setSaveError(`${base}: ${errorMessage(error)}`);
        },
      },
    );
  }

  /** A stale save: back to the form with the fresh figures and the server's Spanish explanation. */
  async function refreshStock(productId: string) {
    try {
      const fresh = await queryClient.fetchQuery({ ...productQueries.detail(productId), staleTime: 0 });
      form.reset(withFreshStock(form.getValues(), fresh));
      setStaleNotice(STOCK_MSG.stale);
      setStep('edit');
      window.scrollTo(0, 0);
    } catch (error) {
      setSaveError(`Error al actualizar el producto: ${errorMessage(error)}`);
    }
  }

  /** After an "Ajuste de stock": the grid's untouched cells show the fresh units. */
  async function takeMovedStock(productId: string) {
    try {
      const fresh = await queryClient.fetchQuery({ ...productQueries.detail(productId), staleTime: 0 });
      form.reset(withMovedStock(form.getValues(), fresh), { keepDirty: true });
    } catch {
      // The history shows the adjustment; a save with stale figures is refused (409) with the fresh ones.
    }
  }

  return (
    <div className="page" data-testid="product-form-page">
      <header className="page-header">
        <div>
          <BackLink to={paths.products}>Volver a productos</BackLink>
          <h1>{isEdit ? 'Editar Producto' : 'Nuevo Producto'}</h1>
          <p className="muted" aria-live="polite">
            Paso {step === 'edit' ? '1' : '2'} de 2: {step === 'edit' ? 'datos del producto' : 'revisión y confirmación'}
          </p>
        </div>
        {id !== null && canPublish && (
          <Link to={publishOnMercadoLibrePath(id)} className="btn btn-secondary" data-testid="publish-on-mercadolibre">
            <Upload size={16} aria-hidden="true" /> Publicar en Mercado Libre
          </Link>
        )}
      </header>
      {usingFallback && (
        <Banner kind="warning">No se pudieron cargar las categorías de la tienda. Se muestran categorías por defecto.</Banner>
      )}
      {colorReview && step === 'edit' && (
        <Banner kind="warning">
          <span data-testid="color-review-notice">
            <strong>{COLOR_REVIEW_TEXT}</strong>: todas las unidades de cada talle quedaron en el primer color. Repartilas entre los colores
            en la grilla y guardá.
          </span>
        </Banner>
      )}
      {staleNotice && step === 'edit' && (
        <Banner kind="warning">
          <span data-testid="stale-stock-notice">{staleNotice}</span>
        </Banner>
      )}
      {loading ? (
        <Spinner label="Cargando categorías..." />
      ) : step === 'edit' || !reviewInput ? (
        <ProductEditStep
          form={form}
          categories={categories}
          sizeGuides={sizeGuides}
          onSubmit={(event) => void goToReview(event)}
          onCancel={() => navigate(paths.products)}
        />
      ) : (
        <ProductReviewStep
          input={reviewInput}
          categories={categories}
          isEdit={isEdit}
          saving={save.isPending}
          rateLimited={rateLimited}
          error={saveError}
          onBack={() => setStep('edit')}
          onConfirm={confirmSave}
        />
      )}
      {id !== null && step === 'edit' && product && <StockHistoryCard product={product} onAdjusted={() => void takeMovedStock(id)} />}
      {id !== null && step === 'edit' && <VariantCostsCard productId={id} />}
      {id !== null && step === 'edit' && <StockAlertsCard productId={id} />}
      {id !== null && step === 'edit' && <FitReportCard productId={id} />}
      {id !== null && step === 'edit' && <ReviewStatsCard productId={id} />}
    </div>
  );
}
