import { z } from 'zod';

/** One voucher (invoice or credit note) as GET /orders/{id}/invoice answers it (docs/api.md "Factura electrónica"). */
export const voucherSchema = z.object({
  status: z.enum(['pending', 'authorized', 'error', 'skipped']),
  statusLabel: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  letter: z.string().nullable(),
  name: z.string().nullable(),
  voucherType: z.number().nullable(),
  pointOfSale: z.number().nullable(),
  number: z.number().nullable(),
  numberText: z.string().nullable(),
  cae: z.string().nullable(),
  caeDueDate: z.string().nullable(),
  issueDate: z.string().nullable(),
  net: z.number().nullable(),
  vat: z.number().nullable(),
  total: z.number().nullable(),
  qrUrl: z.string().nullable(),
  attempts: z.number(),
  error: z.string().optional(),
  observations: z.array(z.string()).optional(),
});
export type Voucher = z.infer<typeof voucherSchema>;

export const orderInvoiceAnswerSchema = z.object({
  invoice: z.union([voucherSchema, z.object({ status: z.enum(['not_invoiced', 'not_paid']) })]),
  /** The latest authorised credit note (else the latest), and all of them (staff's, cancellations', returns'). */
  creditNote: voucherSchema.nullable(),
  creditNotes: z.array(voucherSchema).default([]),
  /**
   * Every invoice and credit note of the order, oldest first: the chain of an order reopened after its cancellation
   * (invoice, credit note, the new sale's invoice). `invoice` is the current sale's. Absent from older servers.
   */
  vouchers: z.array(voucherSchema).default([]),
});
export type OrderInvoiceAnswer = z.infer<typeof orderInvoiceAnswerSchema>;

export const invoiceNowAnswerSchema = z.object({ invoice: z.union([voucherSchema, z.object({ status: z.literal('pending') })]) });
export const creditNoteAnswerSchema = z.object({ creditNote: voucherSchema });

export const TAX_CONDITIONS = ['monotributo', 'responsable_inscripto'] as const;
export const INVOICING_ENVIRONMENTS = ['homologacion', 'produccion'] as const;
export const INVOICING_MODES = ['auto', 'manual'] as const;

export const invoicingSettingsSchema = z.object({
  cuit: z.string(),
  taxCondition: z.enum(TAX_CONDITIONS),
  pointOfSale: z.number().nullable(),
  businessName: z.string(),
  address: z.string(),
  activityStart: z.string(),
  grossIncome: z.string(),
  environment: z.enum(INVOICING_ENVIRONMENTS),
  mode: z.enum(INVOICING_MODES),
  hasKey: z.boolean(),
  csr: z.string().nullable(),
  certificate: z.object({ subject: z.string(), notAfter: z.string(), expiresSoon: z.boolean() }).nullable(),
  ready: z.boolean(),
});
export type InvoicingSettings = z.infer<typeof invoicingSettingsSchema>;
export const invoicingSettingsAnswerSchema = z.object({ settings: invoicingSettingsSchema });
export const csrAnswerSchema = z.object({ csr: z.string() });
export const certificateAnswerSchema = z.object({ certificate: z.object({ subject: z.string(), notAfter: z.string() }) });
export const invoicingTestAnswerSchema = z.object({ ok: z.boolean(), message: z.string(), lastNumber: z.number().optional() });
