// Notices in a real browser, in Chinese and in Thai: a visitor who is not signed in reads the public
// notice list and a notice's preview in their language; a supplier's portal home lists its notices and a
// notice the buyer publishes meanwhile appears there without a reload (a "notice" frame over /srm-ws).
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { chromiumForFile, eventually, uniqueSuffix } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { signIn } from '../../../../tests/support/apiHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);
const NOTICES = 'srmServer/v1/srmNoticeRestful';

const TEXT = {
  CN: { title: '关于2027年度供应商年度评审的公告', body: '年度评审安排', home: '公告与通知' },
  TH: { title: 'การประเมินผู้จัดจำหน่ายประจำปี 2027', body: 'เรียนผู้จัดจำหน่าย', home: 'ประกาศและการแจ้งเตือน' },
} as const;

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: a visitor who is not signed in reads the public notices and one notice`, async () => {
    const t = TEXT[lang];
    const { page } = await chromium.blank();
    await page.goto(`${baseUrl}/notice/noticeMore`);
    await page.getByTestId('notice-more').waitFor();
    if (lang === 'TH') await switchLanguage(page, 'TH');
    const item = page.getByTestId('notice-item').filter({ hasText: t.title });
    await item.waitFor();
    // Only notices in the visitor's language.
    expect(await page.getByTestId('notice-item').allInnerTexts()).toEqual([expect.stringContaining(t.title)]);
    await shot(page, `e2e-notices-public-list-${lang}`);
    await item.getByRole('button').click();
    await page.waitForURL(/\/notice\/noticePreview\?id=\d+/);
    await eventually(() => page.getByTestId('notice-content').innerText()).toContain(t.body);
    expect(await page.getByTestId('notice-preview').locator('h2').innerText()).toBe(t.title);
    await shot(page, `e2e-notices-public-preview-${lang}`);
  });

  test(`${lang}: a notice published by the buyer appears on the supplier's home without a reload`, async () => {
    const t = TEXT[lang];
    const { page } = await chromium.signIn('supplier01', 'exHome');
    if (lang === 'TH') await switchLanguage(page, 'TH');
    const card = page.getByTestId('home-notices');
    await card.waitFor();
    await eventually(() => card.innerText()).toContain(t.home);
    await eventually(() => card.getByTestId('home-notice').count()).toBeGreaterThan(0);
    expect(await card.innerText()).not.toContain('Siam Electronic');
    // The tab's socket is open (the card subscribed to "notice" frames), then a marker that a reload would wipe.
    await page.locator('html[data-srm-live="open"]').waitFor({ state: 'attached' });
    await page.evaluate(() => ((window as unknown as { srmMarker: number }).srmMarker = 42));
    const title = `${lang} live notice ${uniqueSuffix()}`;
    const buyer = await signIn(baseUrl, 'buyer01');
    const saved = await buyer.call<{ noticeId: number; versionNum: number }>(`${NOTICES}/saveOrUpdate`, {
      title,
      noticeType: 'NOTIFICATION',
      audience: 'ALL_SUPPLIERS',
      languageCode: lang,
      publicFlag: 'N',
      content: '<p>live</p>',
    });
    expect(saved.status, saved.msg).toBe('S');
    const published = await buyer.call(`${NOTICES}/doPublish`, { id: saved.data.noticeId, versionNum: saved.data.versionNum });
    expect(published.status, published.msg).toBe('S');
    await eventually(() => card.innerText(), 15_000).toContain(title);
    expect(await page.evaluate(() => (window as unknown as { srmMarker?: number }).srmMarker)).toBe(42);
    await shot(page, `e2e-notices-exhome-live-${lang}`);
    await card.getByRole('button', { name: title }).click();
    await eventually(() => page.getByTestId('home-notice-content').innerText()).toContain('live');
    await shot(page, `e2e-notices-exhome-open-${lang}`);
  });
}
