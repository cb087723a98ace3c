import { useCallback, useEffect } from 'react';
import useSWR, { useSWRConfig } from 'swr';

/**
 * The branding images (spec 02 §2.6). One public request (`GET /api/file/branding`) says which
 * are set and each one's version (its ETag's SHA-256): only images that exist are asked for, so a
 * fresh install without branding logs no 404s. The version goes into the image URL (`?v=`), so a
 * new upload shows at once everywhere and an unchanged one comes from the browser's cache (the
 * server answers 304).
 */
export type BrandingName = 'loginBackground' | 'favicon' | 'logo' | 'loginLogo';

/** The name in the server's paths: the favicon is asked for as favicon.ico. */
export function brandingPathName(name: BrandingName): string {
  return name === 'favicon' ? 'favicon.ico' : name;
}

export function brandingUrl(name: BrandingName, preview = false): string {
  return preview ? `/api/file/noCache/${brandingPathName(name)}` : `/api/file/${brandingPathName(name)}`;
}

const VERSIONS_KEY = 'branding:versions';

type BrandingVersions = Record<BrandingName, string | null>;

async function fetchVersions(): Promise<BrandingVersions> {
  const response = await fetch('/api/file/branding', { cache: 'no-store' });
  if (!response.ok) throw new Error(`GET /api/file/branding answered ${response.status}`);
  return ((await response.json()) as { data: BrandingVersions }).data;
}

/**
 * `src` is the image to show, null when none is set (or it cannot be found out),
 * and undefined while it is being found out.
 */
export function useBrandingImage(name: BrandingName, options: { preview?: boolean } = {}): { src: string | null | undefined } {
  const { data, error } = useSWR<BrandingVersions, Error>(VERSIONS_KEY, fetchVersions, { revalidateOnFocus: false });
  useEffect(() => {
    if (error) console.error('Could not check the branding images', error);
  }, [error]);
  if (error) return { src: null };
  if (!data) return { src: undefined };
  const version = data[name];
  return { src: version ? `${brandingUrl(name, options.preview)}?v=${version.slice(0, 16)}` : null };
}

/** After an upload or a reset: every view of the branding images looks again. */
export function useRefreshBranding(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(VERSIONS_KEY), [mutate]);
}

/** A plain icon for the browser tab when no favicon has been uploaded. */
const DEFAULT_FAVICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1f5fae"/>' +
      '<path d="M8 22h16M8 16h16M8 10h10" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>',
  );

/** Points the page's icon at the uploaded favicon, or a plain one (index.html starts with it, so the browser asks for no /favicon.ico). */
export function useFavicon(): void {
  const { src } = useBrandingImage('favicon');
  useEffect(() => {
    if (src === undefined) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = src ?? DEFAULT_FAVICON;
  }, [src]);
}
