import { createQueryClient } from '../lib/query-client.ts';

/** The app's one query cache, shared by the screens and the route loaders. */
export const queryClient = createQueryClient();
