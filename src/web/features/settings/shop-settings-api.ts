import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopSettings } from '../../../contract/shop-settings.ts';
import { call } from '../../lib/api-client.ts';

// Admin Settings' shop details: GET and PUT /settings/shop (admins).

export const shopSettingsKeys = { all: ['settings', 'shop'] as const };

export const shopSettingsQuery = () =>
  queryOptions({
    queryKey: shopSettingsKeys.all,
    queryFn: ({ signal }) => call('GET /api/settings/shop', { signal }),
  });

export const useShopSettings = () => useQuery(shopSettingsQuery());

export function useSaveShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShopSettings) => call('PUT /api/settings/shop', { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(shopSettingsKeys.all, saved),
  });
}
