import { useEffect, useMemo, useState } from 'react';
import {
  CHECKOUT_SHIPPING_MSG,
  orderNationalAddressSchema,
  parsePostalCode,
  postalCodeProblem,
  type OrderNationalAddress,
  type ProvinceCode,
  type ShippingOption,
} from '@shop/shared';

/** The national address as the shopper types it (the province '' until she picks one). */
export interface NationalAddressValues {
  street: string;
  number: string;
  floor: string;
  apartment: string;
  locality: string;
  province: ProvinceCode | '';
  postalCode: string;
}
export type NationalField = keyof NationalAddressValues;

export const EMPTY_NATIONAL_ADDRESS: NationalAddressValues = {
  street: '',
  number: '',
  floor: '',
  apartment: '',
  locality: '',
  province: '',
  postalCode: '',
};

/** The fields in the order the form shows them (the first invalid one takes the focus). */
export const NATIONAL_FIELDS: readonly NationalField[] = ['postalCode', 'province', 'locality', 'street', 'number', 'floor', 'apartment'];

export const nationalFieldId = (field: NationalField) => `national-${field}`;

export interface NationalShipping {
  address: NationalAddressValues;
  setField: (field: NationalField, value: string) => void;
  errors: Partial<Record<NationalField, string>>;
  /** Where to quote: the postal code (as the server reads it) and province, once both fit; else null. */
  destination: { postalCode: string; province: ProvinceCode } | null;
  /** The option chosen among the quoted ones (its signed id is what the order sends). */
  option: ShippingOption | null;
  chooseOption: (option: ShippingOption | null) => void;
  branchId: string | null;
  chooseBranch: (id: string | null) => void;
  /** Why the order cannot go yet (no option, or no branch for a branch option); null when it can. */
  missing: string | null;
  /** On submit: the whole address checked (errors shown, the first invalid field focused); null when invalid. */
  validate: () => OrderNationalAddress | null;
}

/** The checkout's national shipping: the address, the option chosen and, for a branch option, its branch. */
export function useNationalShipping(): NationalShipping {
  const [address, setAddress] = useState<NationalAddressValues>(EMPTY_NATIONAL_ADDRESS);
  const [errors, setErrors] = useState<Partial<Record<NationalField, string>>>({});
  const [option, setOption] = useState<ShippingOption | null>(null);
  const [branchId, setBranchId] = useState<string | null>(null);

  const destination = useMemo(() => {
    if (!address.province || postalCodeProblem(address.postalCode, address.province)) return null;
    const parsed = parsePostalCode(address.postalCode);
    return parsed.ok ? { postalCode: parsed.value.cpa ?? parsed.value.digits, province: address.province } : null;
  }, [address.postalCode, address.province]);
  const destinationKey = destination ? `${destination.postalCode}|${destination.province}` : '';

  // Another place: the options quoted for the previous one (and their branches) no longer apply.
  useEffect(() => {
    setOption(null);
    setBranchId(null);
  }, [destinationKey]);

  const setField = (field: NationalField, value: string) => {
    setAddress((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const chooseOption = (next: ShippingOption | null) => {
    setOption(next);
    setBranchId(null);
  };

  let missing: string | null = null;
  if (!option) missing = CHECKOUT_SHIPPING_MSG.option;
  else if (option.type === 'branch' && !branchId) missing = CHECKOUT_SHIPPING_MSG.branch;

  const validate = (): OrderNationalAddress | null => {
    const parsed = orderNationalAddressSchema.safeParse({
      ...address,
      floor: address.floor.trim() || undefined,
      apartment: address.apartment.trim() || undefined,
    });
    if (parsed.success) return parsed.data;
    const found: Partial<Record<NationalField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as NationalField | undefined;
      if (field && !found[field]) found[field] = issue.message;
    }
    setErrors(found);
    const first = NATIONAL_FIELDS.find((field) => found[field]);
    if (first) document.getElementById(nationalFieldId(first))?.focus();
    return null;
  };

  return { address, setField, errors, destination, option, chooseOption, branchId, chooseBranch: setBranchId, missing, validate };
}
