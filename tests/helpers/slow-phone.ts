/** The cheap phone of the slow-phone tests (issue #15): CPU 6× slower, 400 ms latency, 400 kbps each way. */
import type { BrowserContext, Page } from 'playwright-core';

const KBPS_400 = (400 * 1000) / 8;
/** A throttled page load, the scripts and the answer take seconds: generous, but a lost press still fails. */
export const ARRIVAL_TIMEOUT_MS = 60_000;

/** A new page on the throttled phone, at `url` once its load event has fired (the scripts may still be arriving). */
export async function openOnSlowPhone(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(ARRIVAL_TIMEOUT_MS);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: KBPS_400,
    uploadThroughput: KBPS_400,
  });
  await page.goto(url, { waitUntil: 'load', timeout: ARRIVAL_TIMEOUT_MS });
  return page;
}
