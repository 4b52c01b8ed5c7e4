/**
 * Staff roles and what each may do: the one table that decides (the server's route policy and the back office's
 * menus both read it). A permission names a kind of work; every staff route of the API carries exactly one
 * (cms/src/domains/staff/route-permissions.ts).
 */
export const STAFF_ROLES = ['owner', 'sales', 'catalog'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Dueña/o',
  sales: 'Ventas',
  catalog: 'Catálogo',
};

/** The role as the back office's sidebar shows it under the person's name: the owner reads "Administrador". */
export const STAFF_SIDEBAR_ROLE_LABELS: Record<StaffRole, string> = {
  ...STAFF_ROLE_LABELS,
  owner: 'Administrador',
};

const ALL: readonly StaffRole[] = STAFF_ROLES;
const OWNER: readonly StaffRole[] = ['owner'];
const SALES: readonly StaffRole[] = ['owner', 'sales'];
const CATALOG: readonly StaffRole[] = ['owner', 'catalog'];

/** Permission → the roles that have it. */
export const STAFF_PERMISSIONS = {
  /** Own profile and password, the dashboard's summaries. */
  'account.self': ALL,
  'dashboard.view': ALL,
  /** Orders: list, detail, history, delivery sheets, proofs. */
  'orders.view': SALES,
  /** Change an order's status and notes, confirm cash orders. */
  'orders.manage': SALES,
  /** Take a sale by hand (WhatsApp, Instagram, the counter, the phone) and make its payment link. */
  'orders.create': SALES,
  /** Mark an order refunded (money goes back). */
  'orders.refund': OWNER,
  /** Delete an order. */
  'orders.delete': OWNER,
  /** The orders CSV: every customer's name, phone and address. */
  'orders.export': OWNER,
  /** The e-mail outbox and resending a message. */
  'emails.manage': SALES,
  /** Products, stock, pictures. */
  'products.manage': CATALOG,
  'products.export': CATALOG,
  /** A variant's stock history (the ledger) and the check that its stock equals the sum of its movements. */
  'stock.view': CATALOG,
  /** "Ajuste de stock": units added or taken with a mandatory reason (rotura, robo, conteo). */
  'stock.adjust': CATALOG,
  /** "Ingreso de mercadería": suppliers, purchases (draft, receive, reverse) and the variants' costs. */
  'purchases.manage': CATALOG,
  /** Site content: texts, categories, size guides, delivery zones (not payment and bank details). */
  'content.edit': CATALOG,
  /** Coupons and automatic promotions (what the shop gives away). */
  'promotions.manage': OWNER,
  /** Payment methods, bank details and the shop's settings. */
  'settings.manage': OWNER,
  /** What shoppers look at (most viewed) and resetting those counts. */
  'insight.view': ALL,
  'insight.manage': OWNER,
  /** The customer list: one row per shopper across web and staff orders. */
  'customers.view': SALES,
  /** The customer list as a CSV (every shopper's contact at once). */
  'customers.export': OWNER,
  /** Size exchanges and returns asked by shoppers: approve, reject, receive, close. */
  'returns.manage': SALES,
  /** Electronic invoices through ARCA: the shop's fiscal data, its certificate and key, credit notes. */
  'invoicing.manage': OWNER,
  /** National shipping: the carriers, their credentials, fees, the flat rate and the parcels' defaults. */
  'shipping.manage': OWNER,
  /** The owner's reports: how each model fits (from exchanges and returns), the size curve of a category. */
  'reports.view': OWNER,
  /** The counter's cash register ("Caja"): open a session, sell at it, cash movements, close, the Z report. */
  'counter.use': SALES,
  /** Registers (create), the sessions' CSV for the accountant. */
  'counter.manage': OWNER,
  /** Staff accounts and the activity list. */
  'staff.manage': OWNER,
  /**
   * Sales channels (Mercado Libre): connect and disconnect the shop's account there, the channel's settings. Needs
   * two-factor sign-in on (TWO_FACTOR_PERMISSIONS): whoever holds it can sell in the owner's name.
   */
  'channels.manage': OWNER,
  /**
   * WhatsApp Business (Cloud API): the number's ids, token and app secret, the templates of each step, the test
   * message. Needs two-factor sign-in (TWO_FACTOR_PERMISSIONS): whoever holds it writes to shoppers as the shop.
   */
  'whatsapp.manage': OWNER,
  /** "Mensajes": read the shoppers' WhatsApp messages and answer them; an order's WhatsApp messages. */
  'whatsapp.chat': SALES,
  /** Reviews: the list and each review (everyone); approving, rejecting, replying and hiding (owner, catalog). */
  'reviews.view': ALL,
  'reviews.moderate': CATALOG,
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

export function isStaffPermission(value: unknown): value is StaffPermission {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(STAFF_PERMISSIONS, value);
}

/** Whether a staff member with this role may do this. Unknown roles may do nothing. */
export function staffCan(role: unknown, permission: StaffPermission): boolean {
  return isStaffRole(role) && (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** Every permission of a role (for the back office's menus). */
export function permissionsOf(role: unknown): StaffPermission[] {
  return (Object.keys(STAFF_PERMISSIONS) as StaffPermission[]).filter((p) => staffCan(role, p));
}

/**
 * Permissions that also need two-factor sign-in on the account, whatever the shop's setting: they reach outside
 * accounts (a marketplace where the shop sells in the owner's name).
 */
export const TWO_FACTOR_PERMISSIONS: readonly StaffPermission[] = ['channels.manage', 'whatsapp.manage'];

export function permissionNeedsTwoFactor(permission: StaffPermission): boolean {
  return TWO_FACTOR_PERMISSIONS.includes(permission);
}

/** The Spanish refusal of a staff member who holds such a permission without two-factor sign-in. */
export const PERMISSION_TWO_FACTOR_MESSAGE =
  'Para conectar canales de venta o WhatsApp necesitás la verificación en dos pasos: activala en «Config» y volvé a intentar';

/** The Spanish refusal of a signed-in staff member whose role lacks the permission. */
export const STAFF_FORBIDDEN_MESSAGE = 'Tu rol no permite esta acción: pedísela a la dueña o dueño de la tienda';
