/**
 * Issue #23 item 1: the header fits at every width. At each width, for a visitor, a patient and staff (and a visitor
 * with JavaScript off), every header control is inside the viewport and inside the 64 px bar, with its label on one
 * line. Where the bar shows the menu toggle instead of the links, the opened menu holds them, each inside the viewport
 * and on one line. One page per state, resized from width to width.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { waitForHydration } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { signInAs } from './chat-helpers';

const WIDTHS = [320, 375, 414, 768, 800, 880, 900, 1024, 1280, 1920];
const HEIGHT = 800;
const BAR_HEIGHT = 64;

const BRAND = 'Ilera Health';
const SITE_LINKS = ['Home', 'Services', 'About', 'Resources', 'Testimonials', 'Blog', 'Contact'];
const STATES = {
  'signed out': { controls: [...SITE_LINKS, 'Log in', 'Sign Up'] },
  'signed in (patient)': { controls: [...SITE_LINKS, 'My account', 'Log out'] },
  'signed in (staff)': { controls: [...SITE_LINKS, 'Staff', 'My account', 'Log out'] },
} as const;
type State = keyof typeof STATES;

type Control = {
  label: string;
  isToggle: boolean;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** How many lines the control's visible text takes. */
  lines: number;
};
type Measured = {
  viewportWidth: number;
  viewportHeight: number;
  bar: { top: number; height: number; fixed: boolean };
  toggleShown: boolean;
  menuOpen: boolean;
  /** The header's visible links and buttons (the toggle included). */
  controls: Control[];
};

/** Reads the header as it is laid out now. Runs in the page (also with JavaScript off: Playwright's own world). */
const measureHeader = (page: Page): Promise<Measured> =>
  page.evaluate(() => {
    const header = document.querySelector('header')!;
    const bar = header.getBoundingClientRect();
    const shown = (element: Element) => element.getClientRects().length > 0;
    const linesOf = (element: Element) => {
      const rects: DOMRect[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || node.parentElement?.closest('.app-visually-hidden')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...[...range.getClientRects()].filter((rect) => rect.width > 0));
      }
      rects.sort((a, b) => a.top - b.top);
      let lines = 0;
      let lineBottom = -Infinity;
      for (const rect of rects) {
        if (rect.top >= lineBottom - 1) lines += 1;
        lineBottom = Math.max(lineBottom, rect.bottom);
      }
      return lines;
    };
    const toggle = header.querySelector('[aria-controls="site-menu"]');
    return {
      viewportWidth: document.documentElement.clientWidth,
      viewportHeight: window.innerHeight,
      bar: { top: bar.top, height: bar.height, fixed: getComputedStyle(header).position === 'fixed' },
      toggleShown: !!toggle && shown(toggle),
      menuOpen: toggle?.getAttribute('aria-expanded') === 'true',
      controls: [...header.querySelectorAll('a, button')].filter(shown).map((element) => {
        const box = element.getBoundingClientRect();
        return {
          label: (element.textContent ?? '').trim(),
          isToggle: element === toggle,
          left: box.left,
          right: box.right,
          top: box.top,
          bottom: box.bottom,
          lines: linesOf(element),
        };
      }),
    };
  });

const inViewportWidth = (control: Control, measured: Measured) =>
  control.left >= 0 && control.right <= measured.viewportWidth;
const describeBox = (control: Control) =>
  `'${control.label}' at x ${Math.round(control.left)}-${Math.round(control.right)}, y ${Math.round(control.top)}-${Math.round(control.bottom)}`;

/** Every way the header at this width fails to fit; empty when it fits. */
function headerProblems(measured: Measured, expected: readonly string[], where: string, barMustHoldAll: boolean) {
  const problems: string[] = [];
  const { bar } = measured;
  if (barMustHoldAll && Math.round(bar.height) !== BAR_HEIGHT)
    problems.push(`${where}: the bar is ${bar.height} px high, not ${BAR_HEIGHT}`);
  for (const control of measured.controls) {
    if (!inViewportWidth(control, measured))
      problems.push(`${where}: ${describeBox(control)} is outside the ${measured.viewportWidth} px viewport`);
    if (barMustHoldAll && (control.top < bar.top || control.bottom > bar.top + BAR_HEIGHT))
      problems.push(`${where}: ${describeBox(control)} is outside the ${BAR_HEIGHT} px bar`);
    if (control.lines > 1) problems.push(`${where}: '${control.label}' wraps onto ${control.lines} lines`);
  }
  const labels = measured.controls.map((control) => control.label);
  if (!labels.includes(BRAND)) problems.push(`${where}: no brand link`);
  const missing = expected.filter((label) => !labels.includes(label));
  if (missing.length > 0 && !measured.toggleShown) problems.push(`${where}: missing ${missing.join(', ')}`);
  return { problems, missing };
}

/** Signs the context in as the state asks, opens /about and waits for the scripts. */
async function openHeader(context: BrowserContext, state: State) {
  if (state === 'signed in (patient)') await signInAs(context, 'patient', 'Kemi Patient');
  if (state === 'signed in (staff)') await signInAs(context, 'admin', 'Tunde Admin');
  const page = await context.newPage();
  await page.goto('/about');
  await waitForHydration(page);
  return page;
}

async function problemsAtEveryWidth(page: Page, state: State) {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    const where = `${width} px, ${state}`;
    const bar = await measureHeader(page);
    const inBar = headerProblems(bar, STATES[state].controls, where, true);
    problems.push(...inBar.problems);
    if (!bar.toggleShown) continue;

    // The links are behind the toggle: open the menu, and each one must be inside the viewport, on one line.
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
    await toggle.click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const menu = await measureHeader(page);
    const menuControls = menu.controls.filter((control) => control.label !== BRAND && !control.isToggle);
    for (const control of menuControls) {
      if (!inViewportWidth(control, menu) || control.top < 0 || control.bottom > menu.viewportHeight)
        problems.push(`${where}, menu open: ${describeBox(control)} is outside the viewport`);
      if (control.lines > 1) problems.push(`${where}, menu open: '${control.label}' wraps onto ${control.lines} lines`);
    }
    const listed = menuControls.map((control) => control.label);
    const missing = inBar.missing.filter((label) => !listed.includes(label));
    if (missing.length > 0) problems.push(`${where}, menu open: missing ${missing.join(', ')}`);
    await page.getByRole('banner').getByRole('button', { name: 'Close menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'hidden' });
  }
  return problems;
}

describe('the header fits at every width (issue #23 item 1)', () => {
  browserTest.for(Object.keys(STATES) as State[])(
    '%s: every control inside the viewport and the 64 px bar, on one line, at 320-1920 px',
    async (state, { newContext }) => {
      const page = await openHeader(await newContext(), state);
      expect(await problemsAtEveryWidth(page, state)).toEqual([]);
    },
  );

  browserTest(
    'with JavaScript off: every link shown, inside the viewport, on one line; inside the bar wherever the bar is fixed',
    async ({ newContext }) => {
      const page = await (await newContext({ javaScriptEnabled: false })).newPage();
      await page.goto('/about');
      const problems: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        const measured = await measureHeader(page);
        const where = `${width} px, JavaScript off`;
        if (measured.toggleShown) problems.push(`${where}: a menu toggle that cannot work is shown`);
        // Narrow screens: the header holds its links on several rows and scrolls with the page (ADR 0028).
        problems.push(...headerProblems(measured, STATES['signed out'].controls, where, measured.bar.fixed).problems);
      }
      expect(problems).toEqual([]);
    },
  );
});
