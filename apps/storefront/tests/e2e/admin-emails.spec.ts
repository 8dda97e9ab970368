import { describe, expect, it } from 'vitest';
import { adminSuite, sidewaysOverflow } from './admin-support.js';
import { seriousA11yViolations } from './axe.js';

/*
 * The admin's e-mail previews (issue #22 item 4): every e-mail the store sends, written by the server
 * with sample data and the store's own name and contact, its HTML in a sandboxed frame and its text part.
 */
describe('admin: e-mail previews', () => {
  const suite = adminSuite({ env: { STORE_NAME: 'Openshelf Test Store' } });

  it('lists the e-mails, previews the chosen one in both parts with the store identity, and passes axe', async () => {
    await suite.admin.settings.update({ storeName: 'Harbor & Pine', contactEmail: 'hello@harbor.example' });
    const page = await suite.signedIn();
    const base = suite.server.baseUrl;
    await page.goto(`${base}/admin/settings`);
    await page.getByRole('link', { name: 'preview the e-mails' }).click();
    await page.waitForURL(`${base}/admin/settings/emails`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('E-mails');
    const nav = page.getByRole('navigation', { name: 'E-mails' });
    expect(await nav.getByRole('link').count()).toBe((await suite.admin.emails.list()).length);

    // The first e-mail is shown: the order confirmation, HTML in a sandboxed frame.
    const frame = page.locator('iframe.admin-mail-html');
    expect(await frame.getAttribute('sandbox')).toBe('');
    const html = page.frameLocator('iframe.admin-mail-html');
    await expect.poll(() => html.locator('body').textContent()).toContain('Linen shirt');
    expect(await html.locator('body').textContent()).toContain('Color: Sand');
    expect(await html.locator('body').textContent()).toContain('hello@harbor.example');
    expect(await html.locator('img, h1').first().textContent()).toBeDefined();
    expect(await page.locator('pre.admin-mail-text').textContent()).toMatch(/Linen shirt\s+2\s+\$45\.00/);
    expect(await page.getByText('Harbor & Pine: order #10042 received').count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Choosing another e-mail shows it.
    await nav.getByRole('link', { name: 'Shipping confirmation' }).click();
    await page.waitForURL(/email=shipping/);
    await expect.poll(() => page.locator('pre.admin-mail-text').textContent()).toContain('Tracking number');
    expect(await nav.getByRole('link', { name: 'Shipping confirmation' }).getAttribute('aria-current')).toBe(
      'page',
    );

    // Each e-mail's own HTML, opened as a page, passes axe too (lang, alt text, table headers, contrast).
    const mail = await suite.browser.newPage();
    for (const { name } of await suite.admin.emails.list()) {
      const preview = await suite.admin.emails.preview(name);
      await mail.setContent(preview.html);
      expect(await seriousA11yViolations(mail), name).toEqual([]);
    }
    await mail.close();

    // A phone: the list stacks above the preview, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});
