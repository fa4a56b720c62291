import { describe, expect } from 'vitest';
import { DESKTOP, MOBILE, axeViolations, waitForHydration } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { ACCOUNT_NOTICE_ID, LOGGED_OUT_NOTICE } from '../../shared/forms/account-forms';
import { signInAs } from './chat-helpers';

const NO_SCRIPT = { ...DESKTOP, javaScriptEnabled: false };

const headerLinks = async (page: import('playwright-core').Page) => {
  const header = page.getByRole('banner');
  return {
    logIn: await header.getByRole('link', { name: 'Log in', exact: true }).isVisible(),
    signUp: await header.getByRole('link', { name: 'Sign Up', exact: true }).isVisible(),
    myAccount: await header.getByRole('link', { name: 'My account', exact: true }).isVisible(),
    logOut: await header.getByRole('button', { name: 'Log out', exact: true }).isVisible(),
    staff: await header.getByRole('link', { name: 'Staff', exact: true }).isVisible(),
  };
};

describe('the header knows who you are, from the first paint (issue #13)', () => {
  browserTest('signed out, patient and staff on a prerendered page without JavaScript', async ({ newContext }) => {
    const anonymous = await (await newContext(NO_SCRIPT)).newPage();
    await anonymous.goto('/about');
    expect(await headerLinks(anonymous)).toEqual({
      logIn: true,
      signUp: true,
      myAccount: false,
      logOut: false,
      staff: false,
    });

    const patientContext = await newContext(NO_SCRIPT);
    await signInAs(patientContext, 'patient', 'Dayo Patient');
    const patient = await patientContext.newPage();
    const response = await patient.goto('/about');
    expect(response!.headers()['cache-control']).toBe('private, no-cache');
    expect(await headerLinks(patient)).toEqual({
      logIn: false,
      signUp: false,
      myAccount: true,
      logOut: true,
      staff: false,
    });

    const staffContext = await newContext(NO_SCRIPT);
    await signInAs(staffContext, 'admin', 'Sola Admin');
    const staff = await staffContext.newPage();
    await staff.goto('/about');
    expect(await headerLinks(staff)).toEqual({
      logIn: false,
      signUp: false,
      myAccount: true,
      logOut: true,
      staff: true,
    });

    // Log out works without JavaScript: a plain form post, then home, signed out, and told so.
    await patient.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await patient.waitForURL((url) => url.pathname === '/');
    expect(await patient.locator(`#${ACCOUNT_NOTICE_ID}`).textContent()).toBe(
      `${LOGGED_OUT_NOTICE.title}${LOGGED_OUT_NOTICE.description}`,
    );
    expect(await headerLinks(patient)).toEqual({
      logIn: true,
      signUp: true,
      myAccount: false,
      logOut: false,
      staff: false,
    });
    expect((await patientContext.cookies()).find((cookie) => cookie.name === 'session')).toBeUndefined();
  });

  browserTest(
    'the right links before and after the scripts run, and no axe violations, at 375 and 1280 px',
    async ({ newContext }) => {
      for (const options of [DESKTOP, MOBILE]) {
        const context = await newContext(options);
        await signInAs(context, 'patient', 'Yemi Patient');
        const page = await context.newPage();
        // The state is in the HTML the server sent, before any script.
        const html = await (await page.request.get('/services')).text();
        expect(html).toMatch(/<html data-auth="patient"/);
        await page.goto('/services');
        await waitForHydration(page);
        if (options === MOBILE) await page.getByRole('button', { name: 'Open menu' }).click();
        expect(await headerLinks(page)).toEqual({
          logIn: false,
          signUp: false,
          myAccount: true,
          logOut: true,
          staff: false,
        });
        expect(await axeViolations(page)).toEqual([]);
        await page.getByRole('banner').getByRole('link', { name: 'My account' }).click();
        await page.waitForURL('**/dashboard');
        await page.getByRole('region', { name: 'My requests' }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
      }
    },
  );
});
