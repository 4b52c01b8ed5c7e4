export const orderKeys = {
  all: ['orders'] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
  byNumber: (orderNumber: string, contact: string) => [...orderKeys.all, 'by-number', orderNumber, contact] as const,
  confirmation: (orderNumber: string, id: string | null) => [...orderKeys.all, 'confirmation', orderNumber, id] as const,
};
