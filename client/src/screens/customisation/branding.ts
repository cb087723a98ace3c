import { useCallback, useEffect } from 'react';
import useSWR, { useSWRConfig } from 'swr';

/**
 * The branding images (spec 02 §2.6): the server answers 404 when none is set.
 * Each image is probed with a HEAD request; its ETag goes into the image URL
 * (`?v=`), so a new upload shows at once everywhere and an unchanged one comes
 * from the browser's cache (the server answers 304).
 */
export type BrandingName = 'loginBackground' | 'favicon' | 'logo' | 'loginLogo';

/** The name in the server's paths: the favicon is asked for as favicon.ico. */
export function brandingPathName(name: BrandingName): string {
  return name === 'favicon' ? 'favicon.ico' : name;
}

export function brandingUrl(name: BrandingName, preview = false): string {
  return preview ? `/api/file/noCache/${brandingPathName(name)}` : `/api/file/${brandingPathName(name)}`;
}

const KEY_PREFIX = 'branding:';

/** The image's URL with its version, or null when none is set. */
async function probe(key: string): Promise<string | null> {
  const url = key.slice(KEY_PREFIX.length);
  const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`HEAD ${url} answered ${response.status}`);
  const etag = (response.headers.get('ETag') ?? '').replace(/[^0-9a-zA-Z]/g, '') || String(Date.now());
  return `${url}?v=${etag.slice(0, 16)}`;
}

/**
 * `src` is the image to show, null when none is set (or it cannot be read),
 * and undefined while it is being found out.
 */
export function useBrandingImage(name: BrandingName, options: { preview?: boolean } = {}): { src: string | null | undefined } {
  const { data, error } = useSWR<string | null>(`${KEY_PREFIX}${brandingUrl(name, options.preview)}`, probe, {
    revalidateOnFocus: false,
  });
  useEffect(() => {
    if (error) console.error(`Could not check the ${name} image`, error);
  }, [error, name]);
  return { src: error ? null : data };
}

/** After an upload or a reset: every view of the branding images looks again. */
export function useRefreshBranding(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => typeof key === 'string' && key.startsWith(KEY_PREFIX)), [mutate]);
}

/** A plain icon for the browser tab when no favicon has been uploaded. */
const DEFAULT_FAVICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1f5fae"/>' +
      '<path d="M8 22h16M8 16h16M8 10h10" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>',
  );

/** Points the page's icon at the uploaded favicon (index.html starts with /api/file/favicon.ico), or a plain one. */
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
