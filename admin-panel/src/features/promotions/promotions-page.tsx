import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatPrice, LIMITS, promotionBadge, type CouponAnswerCoupon, type PromotionAnswerPromotion } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { DetailCard } from '@/components/detail-card';
import { DataTable, TableCard } from '@/components/data-table';
import { DeleteDialog } from '@/components/delete-dialog';
import { NoticeBanner } from '@/components/notice-banner';
import { PageHeader } from '@/components/page-header';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { promotionQueries, useDeleteCoupon, useDeletePromotion, useSaveCoupon, useSavePromotion } from './api/promotions-api';
import { CouponForm } from './coupon-form';
import { shopDateTime } from './dates';
import { PromotionForm } from './promotion-form';
import { RowActions } from './row-actions';

function couponValue(coupon: CouponAnswerCoupon): string {
  if (coupon.type === 'free_shipping') return 'Envío gratis';
  return coupon.type === 'percent' ? `${coupon.value} %` : formatPrice(coupon.value);
}

function validity(item: { startsAt: string | null; endsAt: string | null }): string {
  if (!item.startsAt && !item.endsAt) return 'Sin fecha';
  return [item.startsAt ? `desde ${shopDateTime(item.startsAt)}` : '', item.endsAt ? `hasta ${shopDateTime(item.endsAt)}` : '']
    .filter(Boolean)
    .join(' ');
}

function couponState(coupon: CouponAnswerCoupon, now: number): { label: string; className: string } {
  if (!coupon.active) return { label: 'Inactivo', className: 'promo-state promo-state--off' };
  if (coupon.endsAt && Date.parse(coupon.endsAt) <= now) return { label: 'Vencido', className: 'promo-state promo-state--off' };
  if (coupon.startsAt && Date.parse(coupon.startsAt) > now) return { label: 'Programado', className: 'promo-state' };
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return { label: 'Agotado', className: 'promo-state promo-state--off' };
  return { label: 'Activo', className: 'promo-state promo-state--on' };
}

const COUPON_TEXTS = {
  loading: 'Cargando cupones...',
  failure: 'Error al cargar los cupones',
  emptyTitle: 'Todavía no hay cupones',
  emptyText: 'Creá el primero con el formulario de arriba.',
};
const PROMOTION_TEXTS = {
  loading: 'Cargando promociones...',
  failure: 'Error al cargar las promociones',
  emptyTitle: 'No hay promociones automáticas',
  emptyText: 'Creá una con el formulario de arriba, por ejemplo un 3x2 en bombachas.',
};

type Deletion = { kind: 'coupon'; coupon: CouponAnswerCoupon } | { kind: 'promotion'; promotion: PromotionAnswerPromotion };

/** 'Promociones' (owner): coupons with their uses and sales, and the automatic promotions (3x2, percent per category). */
export function PromotionsPage() {
  const coupons = useQuery(promotionQueries.coupons());
  const promotions = useQuery(promotionQueries.promotions());
  const saveCoupon = useSaveCoupon();
  const savePromotion = useSavePromotion();
  const deleteCoupon = useDeleteCoupon();
  const deletePromotion = useDeletePromotion();
  const notice = useTimedMessage();
  const [editing, setEditing] = useState<CouponAnswerCoupon | null>(null);
  const [deletion, setDeletion] = useState<Deletion | null>(null);
  const done = (text: string) => notice.show({ kind: 'success', text }, LIMITS.bannerMs);
  const failed = (error: unknown) => notice.show({ kind: 'error', text: errorMessage(error) });
  const now = Date.now();

  const toggleCoupon = (coupon: CouponAnswerCoupon) => {
    const { id, uses: _uses, revenue: _revenue, discountGiven: _given, createdAt: _created, ...input } = coupon;
    saveCoupon.mutate(
      { id, input: { ...input, categories: [...input.categories], active: !coupon.active } },
      { onSuccess: () => done(`Cupón ${coupon.code} ${coupon.active ? 'desactivado' : 'activado'}.`), onError: failed },
    );
  };
  const togglePromotion = (promotion: PromotionAnswerPromotion) => {
    const { id, live: _live, createdAt: _created, ...input } = promotion;
    savePromotion.mutate(
      { id, input: { ...input, active: !promotion.active } },
      { onSuccess: () => done(`Promoción "${promotion.name}" ${promotion.active ? 'pausada' : 'activada'}.`), onError: failed },
    );
  };
  /** What the buttons of a row do. */
  const couponActions = (coupon: CouponAnswerCoupon) => ({
    saving: saveCoupon.isPending,
    onEdit: () => setEditing(coupon),
    onToggle: () => toggleCoupon(coupon),
    onDelete: () => setDeletion({ kind: 'coupon', coupon }),
  });
  const promotionActions = (promotion: PromotionAnswerPromotion) => ({
    saving: savePromotion.isPending,
    onToggle: () => togglePromotion(promotion),
    onDelete: () => setDeletion({ kind: 'promotion', promotion }),
  });
  const confirmDeletion = () => {
    if (!deletion) return;
    const settle = { onError: failed, onSettled: () => setDeletion(null) };
    if (deletion.kind === 'coupon') deleteCoupon.mutate(deletion.coupon.id, { ...settle, onSuccess: ({ message }) => done(message) });
    else deletePromotion.mutate(deletion.promotion.id, { ...settle, onSuccess: ({ message }) => done(message) });
  };

  const couponList = coupons.data ?? [];
  const promotionList = promotions.data ?? [];
  return (
    <div className="page" data-testid="promotions-page">
      <PageHeader title="Promociones" description="Cupones para tus clientas y promociones automáticas como el 3x2." />
      {notice.message && <NoticeBanner notice={notice} />}

      <DetailCard headingId="coupon-form-title" title={editing ? `Editar cupón ${editing.code}` : 'Nuevo cupón'}>
        <CouponForm
          key={editing?.id ?? 'new'}
          coupon={editing}
          onDone={(message) => {
            setEditing(null);
            done(message);
          }}
        />
        {editing && (
          <button type="button" className="btn btn-secondary promo-cancel" onClick={() => setEditing(null)}>
            Cancelar edición
          </button>
        )}
      </DetailCard>

      <TableCard query={coupons} texts={COUPON_TEXTS} empty={couponList.length === 0} title={{ id: 'coupon-list-title', text: 'Cupones' }}>
        <DataTable
          testId="coupon-table"
          caption="Cupones"
          columns={['Código', 'Descuento', 'Vigencia', 'Usos', 'Ventas', 'Descontado', 'Estado', 'Acciones']}
        >
          {couponList.map((coupon) => {
            const state = couponState(coupon, now);
            return (
              <tr key={coupon.id} data-testid="coupon-row">
                <td data-label="Código">
                  <strong>{coupon.code}</strong>
                  {coupon.onePerCustomer && <span className="muted small"> · uno por cliente</span>}
                  {coupon.categories.length > 0 && <span className="muted small"> · {coupon.categories.join(', ')}</span>}
                </td>
                <td data-label="Descuento">
                  {couponValue(coupon)}
                  {coupon.minSubtotal > 0 && <span className="muted small"> desde {formatPrice(coupon.minSubtotal)}</span>}
                </td>
                <td data-label="Vigencia">{validity(coupon)}</td>
                <td data-label="Usos" data-testid="coupon-uses">
                  {coupon.uses} / {coupon.maxUses ?? '∞'}
                </td>
                <td data-label="Ventas">{formatPrice(coupon.revenue)}</td>
                <td data-label="Descontado">{formatPrice(coupon.discountGiven)}</td>
                <td data-label="Estado">
                  <span className={state.className}>{state.label}</span>
                </td>
                <RowActions name={coupon.code} active={coupon.active} stop="Desactivar" {...couponActions(coupon)} />
              </tr>
            );
          })}
        </DataTable>
      </TableCard>

      <DetailCard headingId="promotion-form-title" title="Nueva promoción automática">
        <p className="muted">Se aplica sola en el carrito y en el pedido; los productos de la categoría muestran la etiqueta.</p>
        <PromotionForm onDone={done} />
      </DetailCard>

      <TableCard
        query={promotions}
        texts={PROMOTION_TEXTS}
        empty={promotionList.length === 0}
        title={{ id: 'promotion-list-title', text: 'Promociones automáticas' }}
      >
        <DataTable
          testId="promotion-table"
          caption="Promociones automáticas"
          columns={['Nombre', 'Promoción', 'Categoría', 'Vigencia', 'Estado', 'Acciones']}
        >
          {promotionList.map((promotion) => (
            <tr key={promotion.id} data-testid="promotion-row">
              <td data-label="Nombre">{promotion.name}</td>
              <td data-label="Promoción">{promotionBadge(promotion)}</td>
              <td data-label="Categoría">{promotion.category}</td>
              <td data-label="Vigencia">{validity(promotion)}</td>
              <td data-label="Estado">
                <span className={promotion.live ? 'promo-state promo-state--on' : 'promo-state promo-state--off'}>
                  {promotion.live ? 'En curso' : promotion.active ? 'Fuera de fecha' : 'Pausada'}
                </span>
              </td>
              <RowActions name={promotion.name} active={promotion.active} stop="Pausar" {...promotionActions(promotion)} />
            </tr>
          ))}
        </DataTable>
      </TableCard>

      <DeleteDialog
        what={
          deletion &&
          (deletion.kind === 'coupon'
            ? {
                title: 'Eliminar cupón',
                confirmLabel: 'Eliminar',
                subject: `el cupón ${deletion.coupon.code} (los pedidos que lo usaron conservan su descuento)`,
              }
            : { title: 'Eliminar promoción', confirmLabel: 'Eliminar', subject: `la promoción "${deletion.promotion.name}"` })
        }
        busy={deleteCoupon.isPending || deletePromotion.isPending}
        onConfirm={confirmDeletion}
        onCancel={() => setDeletion(null)}
      />
    </div>
  );
}
