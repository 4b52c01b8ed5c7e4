import { useSiteContent } from '@/features/content';

/** The percent off for paying by transfer, when the shop offers transfers with one (0 otherwise). */
export function useTransferPercent(): number {
  const { bankTransfer } = useSiteContent().content.checkout.paymentInfo;
  return bankTransfer.enabled ? bankTransfer.discountPercent : 0;
}
