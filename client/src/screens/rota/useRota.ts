import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { useSWRConfig } from 'swr';
import { useAbortableSWR, useList } from '../../api/hooks';
import type { ListResponse } from '../../api/types';
import type { RotaLineTypeOption } from './RotaLineDialog';
import { mondayOf, type RotaLine, weekQuery } from './rota';

/** The shown week's Monday, kept in the address (?week=) so a reload or a link shows the same week. */
export function useWeekParam(): [string, (monday: string) => void] {
  const [params, setParams] = useSearchParams();
  const week = mondayOf(params.get('week') && dayjs(params.get('week')).isValid() ? params.get('week')! : dayjs().format('YYYY-MM-DD'));
  const setWeek = useCallback(
    (monday: string) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.set('week', monday);
        return next;
      }),
    [setParams],
  );
  return [week, setWeek];
}

/**
 * A week of rota lines filtered by store, user or step; null filter loads nothing. `refresh`
 * reloads every rota week read so far, not only this one: the tabs share queries (the plan and
 * the store's week ask for the same lines), and a week approved here must not show planned in the
 * next tab from a copy read a moment before.
 */
export function useRotaWeek(week: string, filter: Record<string, string | number> | null) {
  const { data, isLoading } = useList<RotaLine>(filter ? 'rotaLines' : null, weekQuery(week, filter ?? {}));
  const { mutate } = useSWRConfig();
  const refresh = useCallback(() => mutate((key) => typeof key === 'string' && key.startsWith('/api/rotaLines?')), [mutate]);
  return { lines: data?.listData, refresh, isLoading };
}

export function useRotaLineTypes(): RotaLineTypeOption[] {
  const { data } = useAbortableSWR<ListResponse<RotaLineTypeOption>>('/api/rotaLineTypes', { revalidateOnFocus: false });
  return data?.listData ?? [];
}
