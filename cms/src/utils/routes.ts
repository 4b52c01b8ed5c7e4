/**
 * The shop's routes answer every client themselves (Strapi's users-permissions check is off: `auth: false`); staff
 * routes add the is-admin policy, which checks the staff token.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The method and path of one controller action, e.g. `['GET', '/orders/:id']`. */
type Endpoint = readonly [Method, string];

const PUBLIC_CONFIG = { auth: false } as const;
const STAFF_CONFIG = { auth: false, policies: ['global::is-admin'] } as const;

interface Route {
  method: Method;
  path: string;
  handler: string;
  config: typeof PUBLIC_CONFIG | typeof STAFF_CONFIG;
}

function routesOf(controller: string, endpoints: Record<string, Endpoint> | undefined, config: Route['config']): Route[] {
  return Object.entries(endpoints ?? {}).map(([action, [method, path]]) => ({ method, path, handler: `${controller}.${action}`, config }));
}

/**
 * The custom routes of one controller (its uid, e.g. `api::order.order`), by action: `public` ones anyone may call
 * (rate limits, where they apply, are in the controller), `staff` ones only signed-in staff. Paths without
 * parameters are registered first, so that `/orders/summary` is never read as `/orders/:id`.
 */
export function customRoutes(
  controller: string,
  actions: { public?: Record<string, Endpoint>; staff?: Record<string, Endpoint> },
): { routes: Route[] } {
  const routes = [...routesOf(controller, actions.public, PUBLIC_CONFIG), ...routesOf(controller, actions.staff, STAFF_CONFIG)];
  const parameters = (route: Route) => (route.path.includes('/:') ? 1 : 0);
  return { routes: routes.sort((a, b) => parameters(a) - parameters(b)) };
}
