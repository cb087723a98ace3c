/**
 * Lighthouse (the npm package, on Debian's Chromium) for `npm run bench -- firstLoad`: the
 * performance and accessibility scores of a page, desktop and mobile presets, each the median of
 * a few runs (the scores move with CPU contention; one run says little on a shared machine).
 *
 * A signed-in page gets the session cookie before Lighthouse opens it: the client reads its token
 * from the `token` cookie (client/src/api/token.ts), and Lighthouse's storage reset keeps cookies.
 */

/** Lighthouse and chrome-launcher ship as ES modules only; the bench compiles to CommonJS, whose
 * `import()` TypeScript would turn into `require`. A Function keeps the real dynamic import. */
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const importEsm = new Function('specifier', 'return import(specifier)') as <T>(specifier: string) => Promise<T>;

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export type Preset = 'desktop' | 'mobile';

export interface LighthousePage {
  name: string;
  url: string;
  /** The session token, for a signed-in page. */
  token?: string;
}

interface Scores {
  performance: number;
  accessibility: number;
  /** Milliseconds, except CLS. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Why accessibility is not 100: the failing audits' ids. */
  failing: string[];
}

/* eslint-disable @typescript-eslint/no-explicit-any */
async function runOnce(page: LighthousePage, preset: Preset): Promise<Scores> {
  const { launch } = await importEsm<any>('chrome-launcher');
  const lighthouse = await importEsm<any>('lighthouse');
  const puppeteer = await importEsm<any>('puppeteer-core');
  // A fresh browser per run: an empty cache and no cookie but the one set here.
  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    if (page.token) {
      const browser = await puppeteer.default.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const origin = new URL(page.url).origin;
      const tab = await browser.newPage();
      await tab.setCookie({ name: 'token', value: page.token, url: origin });
      await tab.close();
      await browser.disconnect();
    }
    const config = preset === 'desktop' ? lighthouse.desktopConfig : undefined;
    const result = await lighthouse.default(
      page.url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      config,
    );
    const lhr = result.lhr;
    // BENCH_LIGHTHOUSE_REPORT_DIR keeps each run's report (Lighthouse's JSON), to see where the time went.
    const reportDir = process.env.BENCH_LIGHTHOUSE_REPORT_DIR;
    if (reportDir) {
      const { mkdirSync, writeFileSync } = await import('node:fs');
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(`${reportDir}/${page.name}-${preset}-${Date.now()}.json`, JSON.stringify(lhr));
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const a11yRefs: Array<{ id: string; weight: number }> = lhr.categories.accessibility.auditRefs;
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      fcp: Math.round(audit('first-contentful-paint')),
      lcp: Math.round(audit('largest-contentful-paint')),
      tbt: Math.round(audit('total-blocking-time')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      failing: a11yRefs.filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0).map((ref) => ref.id),
    };
  } finally {
    await chrome.kill();
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The median of `runs` Lighthouse runs of a page with a preset; every run's performance score beside it. */
export async function lighthouseScores(page: LighthousePage, preset: Preset, runs: number): Promise<Record<string, unknown>> {
  const all: Scores[] = [];
  for (let i = 0; i < runs; i++) all.push(await runOnce(page, preset));
  return {
    lighthouse: page.name,
    preset,
    performance: median(all.map((s) => s.performance)),
    accessibility: median(all.map((s) => s.accessibility)),
    fcpMs: median(all.map((s) => s.fcp)),
    lcpMs: median(all.map((s) => s.lcp)),
    tbtMs: median(all.map((s) => s.tbt)),
    cls: median(all.map((s) => s.cls)),
    runs: all.map((s) => s.performance),
    failing: [...new Set(all.flatMap((s) => s.failing))],
  };
}
