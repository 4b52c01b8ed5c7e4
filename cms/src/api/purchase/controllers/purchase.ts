import type { Context } from 'koa';
import type { FeeKind } from '../../../domains/catalogue/variant-costs';
import {
  PURCHASE_STATUS_LABELS,
  PURCHASES_MSG,
  purchaseAnswerSchema,
  purchaseInputSchema,
  purchaseSettingsAnswerSchema,
  purchaseSheetAnswerSchema,
  STOCK_SHEET_MSG,
  purchaseSettingsInputSchema,
  purchasesAnswerSchema,
  receiveInputSchema,
  supplierAnswerSchema,
  supplierInputSchema,
  suppliersAnswerSchema,
  variantCostsAnswerSchema,
  variantCostsInputSchema,
} from '@shop/shared';
import { badRequest, parseWith, queryString, reply, requestBody } from '../../../utils/http';
import { noteActivity, requireStaff } from '../../../domains/staff';

const purchases = () => strapi.service('api::purchase.purchase');

/** A numeric id from the path (1 to 2^31 − 1), else a Spanish 400. */
function idOf(value: unknown, message: string): number {
  const raw = typeof value === 'string' ? value : '';
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw badRequest(message);
  return Number(raw);
}

function pageOf(query: Record<string, unknown>): number {
  const page = queryString(query.page);
  if (page === undefined) return 1;
  if (!/^\d{1,6}$/.test(page) || Number(page) < 1) throw badRequest(PURCHASES_MSG.badPage);
  return Number(page);
}

/** Suppliers, purchases and costs (staff with purchases.manage; the cost method's change, the owner's settings.manage). */
const settingsNow = async () => {
  const rates = await purchases().feeRates();
  return {
    costMethod: await purchases().costMethod(),
    paymentFeePercent: rates.online,
    pointFeePercent: rates.point,
    qrFeePercent: rates.qr,
  };
};

export default {
  async suppliers(ctx: Context) {
    ctx.state.activitySkip = true;
    reply(ctx, suppliersAnswerSchema, { suppliers: await purchases().listSuppliers() });
  },

  async createSupplier(ctx: Context) {
    const input = parseWith(supplierInputSchema, requestBody(ctx));
    const supplier = await purchases().saveSupplier(input);
    noteActivity(ctx, { target: supplier.name, summary: `Proveedor ${supplier.name}` });
    ctx.status = 201;
    reply(ctx, supplierAnswerSchema, { supplier });
  },

  async updateSupplier(ctx: Context) {
    const id = idOf(ctx.params.id, PURCHASES_MSG.badSupplierId);
    const input = parseWith(supplierInputSchema, requestBody(ctx));
    const supplier = await purchases().saveSupplier(input, id);
    noteActivity(ctx, { target: supplier.name, summary: `Proveedor ${supplier.name}` });
    reply(ctx, supplierAnswerSchema, { supplier });
  },

  async list(ctx: Context) {
    ctx.state.activitySkip = true;
    reply(ctx, purchasesAnswerSchema, await purchases().listPurchases(pageOf(ctx.query)));
  },

  async findOne(ctx: Context) {
    ctx.state.activitySkip = true;
    reply(ctx, purchaseAnswerSchema, { purchase: await purchases().getPurchase(idOf(ctx.params.id, PURCHASES_MSG.badId)) });
  },

  async create(ctx: Context) {
    const user = await requireStaff(ctx, 'purchases.manage');
    const input = parseWith(purchaseInputSchema, requestBody(ctx));
    const purchase = await purchases().savePurchase(input, { id: user.id, email: user.email });
    noteActivity(ctx, { target: purchase.label, summary: `${purchase.supplier.name}: ${purchase.units} unidades (borrador)` });
    ctx.status = 201;
    reply(ctx, purchaseAnswerSchema, { message: PURCHASES_MSG.saved, purchase });
  },

  async update(ctx: Context) {
    const user = await requireStaff(ctx, 'purchases.manage');
    const id = idOf(ctx.params.id, PURCHASES_MSG.badId);
    const input = parseWith(purchaseInputSchema, requestBody(ctx));
    const purchase = await purchases().savePurchase(input, { id: user.id, email: user.email }, id);
    noteActivity(ctx, { target: purchase.label, summary: `${purchase.supplier.name}: ${purchase.units} unidades (borrador)` });
    reply(ctx, purchaseAnswerSchema, { message: PURCHASES_MSG.saved, purchase });
  },

  async receive(ctx: Context) {
    const user = await requireStaff(ctx, 'purchases.manage');
    const id = idOf(ctx.params.id, PURCHASES_MSG.badId);
    const input = parseWith(receiveInputSchema, requestBody(ctx) ?? {});
    const purchase = await purchases().receivePurchase(id, input, { id: user.id, email: user.email });
    noteActivity(ctx, {
      target: purchase.label,
      summary: `${purchase.receivedUnits} de ${purchase.units} unidades recibidas (${PURCHASE_STATUS_LABELS[purchase.status]})`,
    });
    reply(ctx, purchaseAnswerSchema, { message: PURCHASES_MSG.received, purchase });
  },

  async reverse(ctx: Context) {
    const user = await requireStaff(ctx, 'purchases.manage');
    const purchase = await purchases().reversePurchase(idOf(ctx.params.id, PURCHASES_MSG.badId), { id: user.id, email: user.email });
    noteActivity(ctx, { target: purchase.label, summary: `${purchase.receivedUnits} unidades devueltas al proveedor` });
    reply(ctx, purchaseAnswerSchema, { message: PURCHASES_MSG.reversed, purchase });
  },

  /** POST /purchases/sheet: the raw spreadsheet (read by the stock-sheet-body middleware) as a draft's lines; writes nothing. */
  async sheet(ctx: Context) {
    ctx.state.activitySkip = true;
    const bytes: unknown = ctx.state.stockSheet;
    if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw badRequest(STOCK_SHEET_MSG.empty);
    reply(ctx, purchaseSheetAnswerSchema, await purchases().planPurchaseSheet(bytes));
  },

  async costs(ctx: Context) {
    ctx.state.activitySkip = true;
    const productId = queryString(ctx.query.productId);
    if (productId === undefined || !/^[A-Za-z0-9]{1,64}$/.test(productId)) throw badRequest(PURCHASES_MSG.badProduct);
    reply(ctx, variantCostsAnswerSchema, await purchases().variantCosts(productId));
  },

  /** PUT /variant-costs: costs typed by hand for some variants of one product (null forgets one). */
  async setCosts(ctx: Context) {
    const input = parseWith(variantCostsInputSchema, requestBody(ctx));
    const answer = await purchases().setVariantCosts(input);
    noteActivity(ctx, { target: input.productId, summary: `${input.costs.length} ${input.costs.length === 1 ? 'costo' : 'costos'}` });
    reply(ctx, variantCostsAnswerSchema, answer);
  },

  async settings(ctx: Context) {
    ctx.state.activitySkip = true;
    reply(ctx, purchaseSettingsAnswerSchema, await settingsNow());
  },

  async updateSettings(ctx: Context) {
    const { costMethod, paymentFeePercent, pointFeePercent, qrFeePercent } = parseWith(purchaseSettingsInputSchema, requestBody(ctx));
    const changes: string[] = [];
    if (costMethod !== undefined) {
      await purchases().setCostMethod(costMethod);
      changes.push(costMethod === 'last' ? 'Último costo' : 'Promedio ponderado');
    }
    const rates: [FeeKind, number | undefined, string][] = [
      ['online', paymentFeePercent, 'Comisión de Mercado Pago'],
      ['point', pointFeePercent, 'Comisión de Point'],
      ['qr', qrFeePercent, 'Comisión del QR'],
    ];
    for (const [kind, percent, label] of rates) {
      if (percent === undefined) continue;
      await purchases().setFeePercent(kind, percent);
      changes.push(`${label} ${percent.toLocaleString('es-AR')} %`);
    }
    noteActivity(ctx, { summary: changes.join(' · ') });
    reply(ctx, purchaseSettingsAnswerSchema, await settingsNow());
  },
};
