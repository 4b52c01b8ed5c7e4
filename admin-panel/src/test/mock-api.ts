import { bindMockApi } from '@shop/client-kit/testing';
import { api } from '@/lib/api-client';

/** Canned answers for the back office's client (see @shop/client-kit/testing). */
export const mockApi = bindMockApi(api.axios);
export { bodyOf, deferred, type MockHandler, type MockReply, type MockRoutes, type RecordedRequest } from '@shop/client-kit/testing';
