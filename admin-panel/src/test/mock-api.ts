import { siteContentSchema, type SiteContent } from '@shop/shared';
import { bindMockApi, type MockRoutes } from '@shop/client-kit/testing';
import { api } from '@/lib/api-client';

/** Canned answers for the back office's client (see @shop/client-kit/testing). */
export const mockApi = bindMockApi(api.axios);
export { bodyOf, deferred, type MockHandler, type MockReply, type MockRoutes, type RecordedRequest } from '@shop/client-kit/testing';

/**
 * The content routes as the server answers them: GET gives what is stored, PUT stores the parsed body and answers
 * it (plus any other routes a test needs).
 */
export function mockContentApi(initial: SiteContent, routes: MockRoutes = {}) {
  let stored = initial;
  return mockApi({
    'GET /content': () => ({ data: { content: stored } }),
    'PUT /content': (request) => {
      stored = siteContentSchema.parse(request.body);
      return { data: { content: stored } };
    },
    ...routes,
  });
}
