import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  StockAlert,
  StockAlertForm,
  UnsubscribeQuery,
  UnsubscribeResult,
} from '../../../contract/stock-alerts.ts';
import { authApi, call, type Call } from '../../lib/api-client.ts';
import type { FormRule } from '../../lib/form-action.ts';

// Back-in-stock alerts: POST/DELETE /tools/{id}/stock-alerts, GET /me/stock-alerts, and the
// signed-out unsubscribe of a mail's link (POST /stock-alerts/unsubscribe).

export const stockAlertKeys = { mine: ['stock-alerts', 'mine'] as const };

export const myStockAlertsQuery = (via: Call = call) =>
  queryOptions({
    queryKey: stockAlertKeys.mine,
    queryFn: ({ signal }) => via('GET /api/me/stock-alerts', { signal }),
  });

export const useMyStockAlerts = (enabled = true) => useQuery({ ...myStockAlertsQuery(), enabled });

const formSchema = async () => (await import('../../../contract/stock-alerts.ts')).stockAlertForm;

export const subscribeRule: FormRule<StockAlertForm, StockAlert> = {
  schema: formSchema,
  submit: (api, { productId }) =>
    api.call('POST /api/tools/:id/stock-alerts', { params: { id: productId } }),
};

export const endAlertRule: FormRule<StockAlertForm, null> = {
  schema: formSchema,
  submit: (api, { productId }) =>
    api.call('DELETE /api/tools/:id/stock-alerts', { params: { id: productId } }),
};

export const unsubscribeRule: FormRule<UnsubscribeQuery, UnsubscribeResult> = {
  schema: async () => (await import('../../../contract/stock-alerts.ts')).unsubscribeQuery,
  submit: (api, { token }) => api.call('POST /api/stock-alerts/unsubscribe', { query: { token } }),
};

/** Asking for or ending an alert: the caller's list is asked for again either way. */
function useAlertWrite<R>(rule: FormRule<StockAlertForm, R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => rule.submit({ call, authApi }, { productId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAlertKeys.mine }),
  });
}

export const useSubscribe = () => useAlertWrite(subscribeRule);
export const useEndAlert = () => useAlertWrite(endAlertRule);

export const useUnsubscribe = () =>
  useMutation({
    mutationFn: (token: string) => unsubscribeRule.submit({ call, authApi }, { token }),
  });
