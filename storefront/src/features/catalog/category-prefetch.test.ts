import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { categoryFirstPageParams } from '@shop/shared';
import { mockApi } from '@/test/mock-api';
import { prefetchCategoryScreen } from './category-prefetch';

describe('a category page opened directly', () => {
  it('asks for its first page exactly as the server carries it in the page (same parameters, hence the same key)', async () => {
    const requests = mockApi({ 'GET /products': { status: 200, data: { status: 'success', payload: [], totalPages: 0 } } });
    await prefetchCategoryScreen(new QueryClient(), 'Ropa interior');
    expect(requests).toHaveLength(1);
    const sent = Object.fromEntries(Object.entries(requests[0]?.params ?? {}).filter(([, value]) => value !== undefined));
    expect(sent).toEqual(categoryFirstPageParams('Ropa interior'));
  });
});
