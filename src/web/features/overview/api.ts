import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Call } from '../../lib/api-client.ts';

// The admin overview (issue 35): GET /admin/overview, what needs doing in one call.

export const overviewKey = ['admin', 'overview'] as const;

export const overviewQuery = (via: Call = call) =>
  queryOptions({
    queryKey: overviewKey,
    queryFn: ({ signal }) => via('GET /api/admin/overview', { signal }),
    // Counted afresh whenever the page shows: an order just shipped leaves "to ship" at once.
    staleTime: 0,
  });

export const useAdminOverview = () => useQuery(overviewQuery());
