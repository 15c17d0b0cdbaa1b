import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

interface OffersReply {
  message: string;
}

/** POST /offers: e-mails the current hotel deals to the address. */
function subscribeOffers(email: string): Promise<OffersReply> {
  return apiJson<OffersReply>('/offers', { method: 'POST', body: { email } });
}

export function useSubscribeOffers() {
  return useMutation({ mutationFn: subscribeOffers });
}
