import { it } from 'vitest';
import { launchBrowser, openPage } from '../helpers/browser';
it('dbg', async () => {
  const browser = await launchBrowser();
  const { page } = await openPage(browser, '/services');
  const links = await page.locator('main a').evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 300)));
  console.log(links.slice(0, 2).join('\n'));
  console.log(await page.getByRole('link', { name: /Learn More/ }).first().evaluate((e) => e.textContent));
  const snap = await page.locator('main').ariaSnapshot();
  console.log(snap.slice(0, 1500));
  await browser.close();
});
