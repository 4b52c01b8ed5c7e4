/**
 * React Router v7's behaviour, opted into now (no "Future Flag" warnings, and the upgrade to v7 changes nothing):
 * navigations are wrapped in React.startTransition, and relative links inside a splat route (`*`) resolve from the
 * whole matched path. Every router of the app and of its tests is created with these flags.
 */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
