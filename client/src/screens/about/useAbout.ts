import useSWR from 'swr';
import { apiGet } from '../../api/http';
import type { DataResponse } from '../../api/types';

/** `GET /api/about`: what the About pages show, from the server's configuration. */
export interface About {
  appName: string;
  licence: string;
  licenceName: string;
  supportEmail: string;
  supportTelephone: string;
  supportHours: string;
}

export function useAbout() {
  const { data, error, isLoading } = useSWR<DataResponse<About>, Error>('/api/about', (key: string) => apiGet(key), {
    revalidateOnFocus: false,
  });
  return { about: data?.data, error, isLoading };
}
