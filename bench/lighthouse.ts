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

/**
 * `mobile` is Lighthouse's phone (its 4x CPU slowdown assumes a host of benchmarkIndex about 1,533);
 * `mobile-calibrated` is the same phone with the slowdown set from this host's measured
 * benchmarkIndex (hostCpuSlowdown), so its score does not move with how fast or busy the host is;
 * `mobile-applied` that phone again with the slowdown applied rather than simulated (only when
 * BENCH_LIGHTHOUSE_PRESETS names it).
 */
export const PRESETS = ['desktop', 'mobile', 'mobile-calibrated', 'mobile-applied'] as const;
export type Preset = (typeof PRESETS)[number];
/** What the bench runs unless BENCH_LIGHTHOUSE_PRESETS names others. */
export const DEFAULT_PRESETS: Preset[] = ['desktop', 'mobile', 'mobile-calibrated'];

/**
 * The CPU slowdown that emulates Lighthouse's mid-tier phone on a host of this benchmarkIndex:
 * the published calibration (Lighthouse's docs/throttling.md, "CPU throttling", and its authors'
 * calculator): 1,533 is 4x, Lighthouse's default, each 233 above 1,300 one more.
 */
export function hostCpuSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

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
  /** The host's speed as Lighthouse measured it at the run's start, and the CPU slowdown applied. */
  benchmarkIndex: number;
  cpuSlowdown: number;
}

/** Lighthouse's own failures to record a page (NO_NAVSTART, NO_FCP...): the run says nothing about the page and is run again. */
class LighthouseRunError extends Error {}

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
    // BENCH_DESKTOP_SLOWDOWN (2.5, say) runs the desktop preset as on a host that many times slower
    // (Lighthouse's simulated CPU slowdown; 1 by default): a slow day's laptop scores, on any day.
    const desktop = lighthouse.desktopConfig;
    const desktopSlowdown = Number(process.env.BENCH_DESKTOP_SLOWDOWN ?? 1);
    const config =
      preset === 'desktop'
        ? { ...desktop, settings: { ...desktop.settings, throttling: { ...desktop.settings.throttling, cpuSlowdownMultiplier: desktopSlowdown } } }
        : undefined;
    const flags: Record<string, unknown> = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
    if (preset === 'mobile-calibrated' || preset === 'mobile-applied') {
      const { throttling } = await importEsm<any>('lighthouse/core/config/constants.js');
      flags.throttling = { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: hostCpuSlowdown(await measureBenchmarkIndex(chrome.port)) };
      // Applied: the slowdown put on the browser (devtools throttling) instead of simulated from an
      // unthrottled load, a check that the simulation is not what holds the score.
      if (preset === 'mobile-applied') flags.throttlingMethod = 'devtools';
    }
    const result = await lighthouse.default(page.url, flags, config);
    const lhr = result.lhr;
    // BENCH_LIGHTHOUSE_REPORT_DIR keeps each run's report (Lighthouse's JSON), to see where the time went.
    const reportDir = process.env.BENCH_LIGHTHOUSE_REPORT_DIR;
    if (reportDir) {
      const { mkdirSync, writeFileSync } = await import('node:fs');
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(`${reportDir}/${page.name}-${preset}-${Date.now()}.json`, JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new LighthouseRunError(`${page.name} ${preset}: ${lhr.runtimeError.code}`);
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
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      cpuSlowdown: Math.round(lhr.configSettings.throttling.cpuSlowdownMultiplier * 10) / 10,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * The host's benchmarkIndex, measured as Lighthouse does (its page function, in a blank tab of the
 * run's browser) just before the run: the median of three, as one measure moves with the host's load.
 */
async function measureBenchmarkIndex(port: number): Promise<number> {
  const puppeteer = await importEsm<any>('puppeteer-core');
  const { pageFunctions } = await importEsm<any>('lighthouse/core/lib/page-functions.js');
  const browser = await puppeteer.default.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const tab = await browser.newPage();
    const measures: number[] = [];
    for (let i = 0; i < 3; i++) measures.push(Number(await tab.evaluate(`(${String(pageFunctions.computeBenchmarkIndex)})()`)));
    await tab.close();
    return median(measures);
  } finally {
    await browser.disconnect();
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/** One run, run again (up to twice) when Lighthouse failed to record the page. */
async function runRecorded(page: LighthousePage, preset: Preset): Promise<Scores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(page, preset);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt === 3) throw error;
      console.error(`${error.message}: run again`);
    }
  }
}

/** The median of `runs` Lighthouse runs of a page with a preset; every run's performance score beside it. */
export async function lighthouseScores(page: LighthousePage, preset: Preset, runs: number): Promise<Record<string, unknown>> {
  const all: Scores[] = [];
  for (let i = 0; i < runs; i++) all.push(await runRecorded(page, preset));
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
    benchmarkIndex: median(all.map((s) => s.benchmarkIndex)),
    cpuSlowdown: median(all.map((s) => s.cpuSlowdown)),
    failing: [...new Set(all.flatMap((s) => s.failing))],
  };
}
