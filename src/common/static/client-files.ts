import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { firstNameOf } from '../../shared/first-name';
import { LOGIN_NOTE } from '../../shared/login-texts';

/** Vite names every file under /assets with a hash of its content: a new build, a new name. */
const HASHED_ASSETS = '/assets/';

/**
 * The precompressed copies the client build writes beside each text asset (client/vite.config.ts,
 * `precompress`), smallest first: brotli is about 15 % smaller than gzip on this bundle.
 */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** index.html and anything else without a hash: the browser asks again every time (a 304 when unchanged). */
const REVALIDATE = 'no-cache';

/** Where index.html (client/index.html) takes the first paint: inside the root React renders into. */
export const FIRST_PAINT_MARKER = '<!--first-paint-->';

/** The session cookie the client keeps its token in (client/src/api/token.ts). */
const SIGNED_IN_COOKIE = /(?:^|;\s*)token=[^;\s]/;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** What the first paint needs from the modules (the app module provides it: this folder imports none). */
export interface FirstPaintSources {
  /** Who a page request is signed in as (its session cookie, checked as every API call checks a token); null when nobody is, or the session is no longer valid. */
  userOf(req: Request): Promise<{ name: string } | null>;
  /** Whether a logo is uploaded: the shell then shows it instead of the app's name on wider screens. */
  hasLogo(): Promise<boolean>;
  /** Whether a login logo is uploaded: the login page then shows it instead of the app's name. */
  hasLoginLogo(): Promise<boolean>;
}

/** The landing's paths (client/src/screenRegistry.ts, home and landing): their first paint greets the user. */
const LANDING_PATH = /^\/(?:landing(?:\/.*)?)?$/;

/**
 * What a signed-in visitor sees before any script has run (issue 26): the top bar with the app's
 * name, as the shell draws it (client/src/shell/TopBar.tsx, the same classes, so styles.css
 * places it). Below 800 px the shell shows the name whatever the branding; on wider screens an
 * uploaded logo takes its place, so there the name is drawn only when `named` (no logo is
 * uploaded: the class first-paint-named, which the client reads too).
 * On the landing, with `greeting` (the user's first name), the page's title below it too, where
 * and as the landing draws it ('Welcome, …', its largest text, drawn at once instead of after
 * every script). The client keeps showing both until the shell is up (client/src/App.tsx), so
 * the screen never goes blank between the two. Nobody signed in gets loginFirstPaintHtml.
 */
export function firstPaintHtml(appName: string, { greeting, named = false }: { greeting?: string; named?: boolean } = {}): string {
  const title =
    greeting === undefined
      ? ''
      : '<div class="shell-body"><span class="first-paint-drawer-room"></span><main class="shell-content"><div class="page-title-row landing-header">' +
        `<h1 class="page-title first-paint-title"><span class="first-paint-welcome">Welcome, ${escapeHtml(greeting)}</span></h1></div></main></div>`;
  return (
    `<div class="shell first-paint${named ? ' first-paint-named' : ''}">` +
    '<header class="top-bar"><span class="top-bar-toggle-room"></span>' +
    `<span class="top-bar-home"><span class="top-bar-app-name">${escapeHtml(appName)}</span></span></header>` +
    title +
    '</div>'
  );
}

/**
 * What a visitor with no session sees before any script has run (issue 26): the login page's card
 * as the login page draws it (client/src/auth/LoginPage.tsx, the same classes and sizes in
 * styles.css), with the app's name as its title when no login logo is uploaded (`named`), the
 * form's room, and the note under it, the page's largest text: drawn with the HTML instead of
 * after every script. The form itself comes with the script (an input typed into before then
 * would lose its text). The client keeps the card on screen until the login page is drawn.
 */
export function loginFirstPaintHtml(appName: string, { named }: { named: boolean }): string {
  return (
    '<div class="login-page first-paint first-paint-login"><div class="login-card first-paint-login-card">' +
    `<div class="page-title-row login-brand"><h1 class="page-title first-paint-title">${named ? `<span class="login-app-name">${escapeHtml(appName)}</span>` : ''}</h1></div>` +
    `<div class="first-paint-login-form"></div><p class="first-paint-login-note">${escapeHtml(LOGIN_NOTE)}</p>` +
    '</div></div>'
  );
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file a URL path names inside the client folder; null for a path that could leave it or names a dotfile (.vite/manifest.json). */
function fileOf(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split(/[\\/]/).some((segment) => segment.startsWith('.'))) return null;
  const file = join(root, decoded);
  return file.startsWith(root + sep) ? file : null;
}

/**
 * The built client at /, for GET and HEAD outside /api (issue 14, "First load and serving"):
 * - hashed assets cached for a year, `immutable` (a browser never revalidates them), sent as the
 *   brotli or gzip copy the build made when the browser accepts it (`Vary: Accept-Encoding`);
 *   a missing one is a 404, not index.html: a page from an older build then fails to load a
 *   chunk instead of running HTML as JavaScript;
 * - any other file in the folder, and index.html for every other path (the client's routes),
 *   with `Cache-Control: no-cache`, so a release is seen on the next page load.
 * /api is left to the API, whose answers carry their own headers.
 */
export function clientFiles(clientDir: string, options: { appName: string; sources?: FirstPaintSources }): RequestHandler {
  const root = resolve(clientDir);
  const indexHtml = join(root, 'index.html');

  /**
   * index.html with its first paint in it: a signed-in visitor's shell, or the login page's card. Read on each request
   * (a rebuilt client is served at once); express answers a matching If-None-Match with 304 from
   * the ETag it computes over the page, so the browser still revalidates it cheaply.
   */
  const sendIndex = async (req: Request, res: Response, next: NextFunction) => {
    let html: string;
    try {
      html = await readFile(indexHtml, 'utf8');
    } catch {
      // A client folder without its page (a build under way): nothing to send, as for any missing file.
      return next();
    }
    const signedIn = SIGNED_IN_COOKIE.test(req.headers.cookie ?? '');
    const { sources } = options;
    let firstPaint: string;
    if (!signedIn) {
      firstPaint = loginFirstPaintHtml(options.appName, { named: !(sources ? await sources.hasLoginLogo().catch(() => true) : true) });
    } else {
      // The landing greets its user by name: only for a session every API call would accept.
      const [viewer, hasLogo] = await Promise.all([
        sources && LANDING_PATH.test(req.path) ? sources.userOf(req) : null,
        sources ? sources.hasLogo().catch(() => true) : true,
      ]);
      firstPaint = firstPaintHtml(options.appName, { greeting: viewer ? firstNameOf(viewer.name) : undefined, named: !hasLogo });
    }
    res.setHeader('Cache-Control', REVALIDATE);
    res.vary('Cookie');
    // A function, not a string: names in the first paint may hold $ patterns String.replace would expand.
    res.type('html').send(html.replace(FIRST_PAINT_MARKER, () => firstPaint));
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();

    const send = (file: string, options: { hashed: boolean; encoding?: string; original?: string }) => {
      if (options.encoding) {
        res.setHeader('Content-Encoding', options.encoding);
        // The type of what was compressed, not of the .br or .gz file.
        res.type(extname(options.original!));
      }
      if (!options.hashed) res.setHeader('Cache-Control', REVALIDATE);
      res.sendFile(
        file,
        options.hashed ? { maxAge: '1y', immutable: true } : { cacheControl: false },
        // Gone between stat and read, or the client went away: nothing more to send if headers left.
        (error) => error && !res.headersSent && next(),
      );
    };

    void (async () => {
      const file = fileOf(root, req.path);
      const hashed = req.path.startsWith(HASHED_ASSETS);
      if (file === indexHtml) return sendIndex(req, res, next);
      if (file && (await isFile(file))) {
        const copies = await Promise.all(PRECOMPRESSED.map(async (copy) => ((await isFile(file + copy.suffix)) ? copy : null)));
        const available = copies.filter((copy) => copy !== null);
        if (available.length) res.vary('Accept-Encoding');
        const chosen = available.find((copy) => req.acceptsEncodings(copy.encoding) === copy.encoding);
        if (chosen) return send(file + chosen.suffix, { hashed, encoding: chosen.encoding, original: file });
        return send(file, { hashed });
      }
      if (hashed) return next();
      return sendIndex(req, res, next);
    })().catch(next);
  };
}
