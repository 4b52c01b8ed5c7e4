// Public face of her account ("Mi cuenta"). The account page is loaded by path from app/routes.tsx (its own chunk).
export { fetchAddresses, saveAddresses, type SignedInAccount } from './api/account-api';
export { accountQueries } from './api/account-queries';
export { addressLine, addressName, newAddressId, sameAddress, withAddress } from './address-rules';
export { FavoriteButton, FAVORITE_SIGN_IN_TEXT } from './components/favorite-button';
export { SaveDataCard } from './components/save-data-card';
export { useAccount, type AccountState } from './use-account';
export { useAccountMeasurements } from './use-account-measurements';
