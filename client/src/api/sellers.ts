import { useAbortableSWR } from './hooks';
import { apiUrl } from './http';
import type { ListResponse } from './types';

export interface StoreSeller {
  userID: number;
  name: string;
}

/**
 * The store's active sellers by name (`GET /api/users?sellsAtStoreID=`): the rows of the targets
 * grid and the rota. Who sells is the server's one rule (src/modules/users/users/sellers.ts), so
 * the screens never work it out from access profiles themselves.
 */
export function useStoreSellers(storeID: number): StoreSeller[] | undefined {
  const { data } = useAbortableSWR<ListResponse<StoreSeller>>(
    storeID ? apiUrl('users', { sellsAtStoreID: storeID, active: 1, sort: 'name', sortDir: 'asc', pageLength: 500 }) : null,
    { revalidateOnFocus: false },
  );
  return data?.listData.map(({ userID, name }) => ({ userID, name }));
}
