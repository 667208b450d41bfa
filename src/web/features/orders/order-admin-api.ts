import { useQueryClient, useMutation } from '@tanstack/react-query';
import type { CancelInput, ShipmentInput } from '../../../contract/order-delivery.ts';
import { call } from '../../lib/api-client.ts';
import { toolKeys } from '../catalog/api.ts';
import { orderKeys } from './api.ts';

// An admin's steps on one paid order: POST /orders/{id}/shipments and POST /orders/{id}/cancel.

/** Every order query is asked again after either, whether it went through or not. */
function useOrderWrite<V, R>(mutationFn: (variables: V) => Promise<R>, stockMoves = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        // A cancelled order's stock goes back on the shelf.
        stockMoves && queryClient.invalidateQueries({ queryKey: toolKeys.all }),
      ]),
  });
}

export const useAddShipment = () =>
  useOrderWrite(({ id, input }: { id: string; input: ShipmentInput }) =>
    call('POST /api/orders/:id/shipments', { params: { id }, body: input }),
  );

export const useCancelOrder = () =>
  useOrderWrite(
    ({ id, input }: { id: string; input: CancelInput }) =>
      call('POST /api/orders/:id/cancel', { params: { id }, body: input }),
    true,
  );
