import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_LIMITS, type AccountAddress, type CheckoutDetails } from '@shop/shared';
import { accountQueries, newAddressId, saveAddresses, useAccount, withAddress } from '@/features/account';
import type { CheckoutField, CheckoutForm } from './use-checkout-form';

/** Her account at the checkout: her saved addresses to choose from, and "Guardar esta dirección en mi cuenta". */
export interface AccountCheckout {
  signedIn: boolean;
  addresses: readonly AccountAddress[];
  chosen: string | null;
  choose: (id: string) => void;
  saveAddress: boolean;
  setSaveAddress: (save: boolean) => void;
  /** Her list already holds as many addresses as the account keeps. */
  full: boolean;
  /** After the order is placed: saves its home-delivery address in her account when she asked to. */
  afterOrder: (details: CheckoutDetails) => void;
}

const FILLED: readonly CheckoutField[] = ['fullName', 'phone', 'address', 'city', 'postalCode'];

/**
 * Signed in (see useAccount), the checkout offers her saved addresses and fills her e-mail when the field is empty.
 * Signed out, nothing changes and nothing is asked of the account.
 */
export function useAccountCheckout(form: CheckoutForm): AccountCheckout {
  const queryClient = useQueryClient();
  const { account, signedIn } = useAccount();
  const query = useQuery({ ...accountQueries.addresses(), enabled: signedIn });
  const addresses = signedIn ? (query.data ?? []) : [];
  const [chosen, setChosen] = useState<string | null>(null);
  const [saveAddress, setSaveAddress] = useState(false);
  const email = account?.email ?? '';

  useEffect(() => {
    if (email && !(form.getValues('email') ?? '').trim()) form.setValue('email', email);
  }, [email, form]);

  const choose = (id: string) => {
    const address = addresses.find((a) => a.id === id);
    if (!address) return;
    setChosen(id);
    for (const field of FILLED) {
      const value = address[field as keyof AccountAddress];
      // Her name and phone stay as typed when the address has none; the address's own parts always replace.
      if (typeof value !== 'string' || (value === '' && (field === 'fullName' || field === 'phone'))) continue;
      form.setValue(field, value, { shouldDirty: true });
      form.clearErrors(field);
    }
  };

  const afterOrder = (details: CheckoutDetails) => {
    if (!signedIn || !saveAddress || details.deliveryType !== 'delivery') return;
    const address: AccountAddress = {
      id: newAddressId(),
      label: '',
      fullName: details.fullName,
      phone: details.phone,
      address: details.address ?? '',
      city: details.city ?? '',
      postalCode: details.postalCode ?? '',
      notes: '',
      national: null,
    };
    const save = async () => {
      const list = query.data ?? (await queryClient.fetchQuery(accountQueries.addresses()));
      const next = withAddress(list, address);
      if (next) queryClient.setQueryData(accountQueries.addresses().queryKey, await saveAddresses(next));
    };
    // The order is placed whatever happens here: a failure only leaves the address unsaved.
    save().catch(() => undefined);
  };

  return {
    signedIn,
    addresses,
    chosen,
    choose,
    saveAddress,
    setSaveAddress,
    full: addresses.length >= ACCOUNT_LIMITS.addresses,
    afterOrder,
  };
}
