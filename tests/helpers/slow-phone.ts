/** The cheap phone of the slow-phone tests (issue #15): CPU 6× slower, 400 ms latency, 400 kbps each way. */
import os from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';

const KBPS_400 = (400 * 1000) / 8;
/** A throttled page load, the scripts and the answer take seconds: generous, but a lost press still fails. */
export const ARRIVAL_TIMEOUT_MS = 60_000;

/**
 * A new page on the throttled phone, at `url` once its load event has fired (the scripts may still be arriving).
 * Chromium throttles by spinning the page's main thread, so the page keeps one CPU busy until it is closed: close it
 * when done, and keep no more open at once than the machine has CPUs (docs/decisions/0055).
 */
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

/**
 * Throttled pages open at once: one per CPU (see openOnSlowPhone), and at most four, as one Node process drives them
 * all (and, in typed-while-loading, also serves them).
 */
export const SLOW_PHONES_AT_ONCE = Math.min(4, os.availableParallelism());

/**
 * Runs `work` on every item, SLOW_PHONES_AT_ONCE at a time, in the order of the list; `lane` (0 to
 * SLOW_PHONES_AT_ONCE - 1) says which of the side-by-side runs took the item. The results keep the items' order.
 */
export async function onSlowPhones<T, R>(items: T[], work: (item: T, lane: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const run = async (lane: number) => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, lane);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SLOW_PHONES_AT_ONCE, items.length) }, (_, lane) => run(lane)));
  return results;
}
