import { bindMockApi } from '@shop/client-kit/testing';
import { api } from '@/lib/api-client';

/** Canned answers for the storefront's client (see @shop/client-kit/testing). */
export const mockApi = bindMockApi(api.axios);
export type { MockReply, MockRoutes, RecordedRequest } from '@shop/client-kit/testing';
export { bodyOf, deferred } from '@shop/client-kit/testing';
