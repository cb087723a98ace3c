// Screenshots of the changed screens at three widths (issue 26), against the demo server on 3431.
const { chromium } = require('playwright-core');
const BASE = 'http://127.0.0.1:3431';
const pages = (process.argv[2] || '/,/sales,/data/rateCards,/daily/dailyReport,/targets,/rota,/data/stores,/data/users/accessProfiles,/data/customisation,/about/support').split(',');
const who = process.argv[3] || 'demo.admin@example.com';
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const login = await fetch(`${BASE}/api/user/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: who, password: 'Demo1234!' }) });
  const token = (await login.json()).data.token;
  for (const [w, h] of [[1280, 800], [800, 900], [390, 844]]) {
    const context = await browser.newContext({ viewport: { width: w, height: h } });
    await context.addCookies([{ name: 'token', value: token, url: BASE }]);
    const page = await context.newPage();
    for (const path of pages) {
      await page.goto(BASE + path);
      await page.locator('main h1').first().waitFor({ timeout: 30000 }).catch(() => {});
      await page.waitForLoadState('networkidle').catch(() => {});
      await page.waitForTimeout(1500);
      const name = `${who.split('.')[0]}-${path.replace(/\//g, '_') || 'root'}-${w}`;
      await page.screenshot({ path: `/tmp/lp/shots/${name}.png` });
    }
    await context.close();
  }
  // The login page.
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(BASE + '/');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/lp/shots/login-1280.png' });
  await browser.close();
})();
