import { createContext, useContext } from 'react';
import type { Me } from '../api/types';

/**
 * The signed-in user, provided by the shell once `GET /api/user/me` has
 * answered, so screens below it never deal with "not loaded yet".
 */
export const CurrentUserContext = createContext<Me | null>(null);

export function useCurrentUser(): Me {
  const me = useContext(CurrentUserContext);
  if (!me) throw new Error('useCurrentUser used outside the signed-in shell');
  return me;
}
