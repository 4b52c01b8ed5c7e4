/** The made-up WhatsApp Business account of the run's fake (global-setup.ts starts it with these). */
export const WHATSAPP_ACCOUNT = {
  accessToken: 'EAAGprueba0token0de0acceso0de0la0tienda0123456789',
  appSecret: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  phoneNumberId: '109876543210987',
  businessAccountId: '102030405060708',
} as const;
