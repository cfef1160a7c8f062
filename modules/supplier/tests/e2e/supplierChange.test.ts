// A supplier's change of its own information in the browser, in CN, TH and VN, on a server of this file's
// own: supplier02 finds its master read-only on 企业信息 (fields and attachments; no save, upload or delete) with
// its certificates (type, number, expiry, days left, the scan), follows its hint to a new change request, asks
// for a new contact phone (only that field) and a new file (an attachment line added, its kind picked and
// its file uploaded in the portal's grid), removes one of its company's attachments and replaces another (each
// picked in the line's current-files cell from its own master's files, the replacement uploaded beside it),
// renews one certificate (its type chosen from its own certificates, a new expiry date and scan),
// submits, and sees the difference; buyer01 opens it on 供应商信息变更审核, sees the field's current and new value and the file marked added with its name and size, opens it for preview and download, approves;
// the supplier list then shows the new phone and the master holds the new file and the replacement, not the
// removed or replaced ones, and the supplier's 企业信息 shows the certificate's new expiry date.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import {
  activePane,
  cellEditor,
  chromiumForFile,
  confirmPrimary,
  eventually,
  grid,
  gridRows,
  noDialog,
  openMenu,
  pickCell,
} from '../../../../tests/e2e/helpers';
import { clickAt, scrollHome, scrollTo } from '../../../../tests/e2e/gridHelpers';
import { PDF, upload } from '../../../../tests/support/fileUpload';
import { expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { startMailingServer, type MailingServer } from '../../../../tests/e2e/mailingServer';

let server: MailingServer;
beforeAll(async () => {
  server = await startMailingServer('supplier-change');
});
afterAll(async () => {
  await server?.stop();
});
const chrome = chromiumForFile('');

const CASES = {
  // TH runs after CN on the same server: its current value is the one CN's change set.
  CN: {
    hint: '只能通过信息变更申请修改',
    old: '+66-2-555-0002',
    phone: '+66-2-555-7001',
    field: '联系电话',
    inReview: '审批中',
    effective: '已生效',
    rejected: '已驳回',
    added: '新增',
    removed: '删除',
    replaced: '替换',
    pickHint: '只列出本公司资料中的附件',
    certs: '我的证书',
    left: '剩余',
    // CN renews the demo's RoHS report (the first to expire), TH then the ISO 9001 certificate (first by then).
    cert: 'RoHS test report',
    certNumber: 'TH-RoHS-2025-0002',
    oldScan: 'TH-RoHS-2025-0002.pdf',
    oldExpiry: '2027-09-30',
    newExpiry: '2029-09-30',
  },
  TH: {
    hint: 'ผ่านคำขอเปลี่ยนแปลงข้อมูลเท่านั้น',
    old: '+66-2-555-7001',
    phone: '+66-2-555-7002',
    field: 'โทรศัพท์',
    inReview: 'รออนุมัติ',
    effective: 'มีผลแล้ว',
    rejected: 'ถูกปฏิเสธ',
    added: 'เพิ่ม',
    removed: 'ลบ',
    replaced: 'แทนที่',
    pickHint: 'แสดงเฉพาะไฟล์แนบของบริษัทคุณ',
    certs: 'ใบรับรองของฉัน',
    left: 'เหลือ',
    cert: 'ISO 9001 quality management',
    certNumber: 'TH-Q-2025-0002',
    oldScan: 'TH-Q-2025-0002.pdf',
    oldExpiry: '2028-03-31',
    newExpiry: '2030-03-31',
  },
  // VN runs last: the RoHS report CN renewed is the first to expire again, with CN's scan.
  VN: {
    hint: 'chỉ thay đổi qua yêu cầu thay đổi',
    old: '+66-2-555-7002',
    phone: '+66-2-555-7003',
    field: 'Điện thoại',
    inReview: 'Đang duyệt',
    effective: 'Đã hiệu lực',
    rejected: 'Bị từ chối',
    added: 'Thêm',
    removed: 'Xóa',
    replaced: 'Thay thế',
    pickHint: 'chỉ liệt kê tệp đính kèm của công ty bạn',
    certs: 'Chứng chỉ của tôi',
    left: 'Còn',
    cert: 'RoHS test report',
    certNumber: 'TH-RoHS-2025-0002',
    oldScan: 'TH-RoHS-2025-0002-renewed.pdf',
    oldExpiry: '2029-09-30',
    newExpiry: '2031-09-30',
  },
} as const;

const signedIn = (user: string, lang: 'CN' | 'TH' | 'VN', home: 'inHome' | 'exHome'): Promise<Page> => chrome.signedIn(server.base, user, lang, home);

const values = async (g: Locator) => (await gridRows(g)).map((r) => Object.values(r)).filter((v) => v.some((x) => x.trim() !== ''));
const statusOf = (page: Page) => activePane(page).locator('#root_status').innerText();
const bytes = (label: string) => Buffer.concat([PDF, Buffer.from(label)]);

/** supplier02's master gets two more attachments, kept by buyer01 on the supplier list (the supplier's own page is
 *  read-only): the files the change then removes and replaces. */
async function seedMasterFiles(names: string[]): Promise<void> {
  const buyer = await signIn(server.base, 'buyer01');
  const company = expectOk(
    await buyer.call<Rec[]>('srmServer/v1/srmPosSupplierInfoRestful/listByPage', { params: { supplierNumber: 'S-0002' }, pageRows: 5 }),
  )[0];
  const found = expectOk(await buyer.call<Rec>('srmServer/v1/srmPosSupplierInfoRestful/findById', { id: company.supplierId }));
  const ids = expectOk(
    await upload(
      buyer,
      names.map((name) => ({ name, data: bytes(name) })),
    ),
  ).map((f) => f.id);
  const kept = String(found.attachmentIds ?? '')
    .split(',')
    .filter(Boolean);
  expectOk(
    await buyer.call('srmServer/v1/srmPosSupplierInfoRestful/saveOrUpdate', {
      supplierId: company.supplierId,
      versionNum: found.versionNum,
      attachmentIds: [...kept, ...ids].join(','),
    }),
  );
}

/** In line `row`'s current-files cell: the picker lists the master's files; `fileName` is ticked. */
async function pickMasterFile(page: Page, lines: Locator, row: number, fileName: string, hint: string, shotName?: string): Promise<void> {
  await clickAt(page, lines, 'oldFileIds', row, await scrollTo(lines, 'oldFileIds'));
  const picker = page.getByTestId(`file-pick-fileChanges-oldFileIds-${row}`);
  await picker.waitFor({ state: 'visible' });
  await eventually(() => picker.getAttribute('data-loaded')).toBe('Y');
  expect(await picker.innerText()).toContain(hint);
  await picker.locator('tr', { hasText: fileName }).locator('.arco-checkbox').click();
  await eventually(async () => (await picker.getAttribute('data-ids'))?.split(',').filter(Boolean).length).toBe(1);
  if (shotName) await shot(page, shotName);
  await page.keyboard.press('Escape');
  await noDialog(page);
}

/** supplier02's 企业信息, opened read-only (查看: the screen has no 编辑), its certificates loaded. */
async function openOwnCompany(page: Page): Promise<Locator> {
  await openMenu(page, 'MY_COMPANY', /\/main\/supplier\/myCompanyList/);
  await eventually(async () => (await gridRows(grid(page, 'myCompanyList'))).length).toBe(1);
  expect(await activePane(page).getByTestId('row-action-edit-0').count()).toBe(0);
  await activePane(page).getByTestId('row-action-view-0').click();
  await page.waitForURL(/\/main\/supplier\/myCompanyEdit\?.*id=\d+/);
  const certs = activePane(page).getByTestId('supplier-certificates');
  await eventually(() => certs.getAttribute('data-loaded')).toBe('Y');
  return certs;
}

/** In line `row`'s certificate-type cell: the supplier's own certificates are offered (number and expiry beside
 *  each); `cert` is chosen. */
async function chooseCertificate(page: Page, lines: Locator, row: number, cert: string, shotName: string): Promise<void> {
  await scrollHome(lines);
  await clickAt(page, lines, 'certName', row, 0);
  const option = page.locator('#portal .arco-select-option', { hasText: cert }).first();
  await option.waitFor({ state: 'visible' });
  await shot(page, shotName);
  await option.click();
  await cellEditor(page).waitFor({ state: 'detached' });
}

/** Types a date into line `row`'s date cell `key` and confirms it with Enter. */
async function typeDateCell(page: Page, lines: Locator, key: string, row: number, value: string): Promise<void> {
  await clickAt(page, lines, key, row, await scrollTo(lines, key));
  const input = cellEditor(page).locator('input').first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await cellEditor(page).waitFor({ state: 'detached' });
}

for (const lang of ['CN', 'TH', 'VN'] as const) {
  describe(`supplier information change in ${lang}`, () => {
    it('supplier02 asks for a new phone; buyer01 sees the difference and approves; the master changes', async () => {
      const c = CASES[lang];
      const l = lang.toLowerCase();
      const removed = `catalogue-${l}.pdf`;
      const replaced = `price-list-${l}.pdf`;
      const replacement = `price-list-${l}-2027.pdf`;
      await seedMasterFiles([removed, replaced]);
      const supplier = await signedIn('supplier02', lang, 'exHome');
      // 企业信息 shows the master read-only — fields and attachments: no save, no upload, no delete — with the
      // company's certificates, and points to the change request.
      const certs = await openOwnCompany(supplier);
      const hint = activePane(supplier).getByTestId('supplier-company-hint');
      await eventually(() => hint.innerText()).toContain(c.hint);
      await eventually(async () => (await activePane(supplier).locator('#root_contactPhone').innerText()).trim()).toBe(c.old);
      expect(await activePane(supplier).locator('input#root_contactPhone, textarea#root_address').count()).toBe(0);
      expect(await activePane(supplier).getByTestId('action-save').count()).toBe(0);
      await activePane(supplier).getByTestId('attachment-attachmentIds').waitFor({ state: 'visible' });
      expect(await activePane(supplier).getByTestId('attachment-input-attachmentIds').count()).toBe(0);
      await activePane(supplier).getByTestId('attachment-trigger-attachmentIds').hover();
      const masterFiles = supplier.getByTestId('attachment-list-attachmentIds');
      await eventually(() => masterFiles.innerText()).toContain(removed);
      expect(await masterFiles.locator('[data-testid^="attachment-delete-attachmentIds-"]').count()).toBe(0);
      // The certificates: three, the one to renew first (it expires first), with its days left and its scan.
      await eventually(() => certs.getAttribute('data-count')).toBe('3');
      const firstCert = certs.locator('tbody tr').first();
      await eventually(() => firstCert.innerText()).toContain(c.cert);
      expect(await firstCert.innerText()).toContain(c.oldExpiry);
      expect(await firstCert.innerText()).toContain(c.certNumber);
      expect(await certs.getByTestId('supplier-cert-state-0').innerText()).toContain(c.left);
      expect(await certs.innerText()).toContain(c.certs);
      await certs.getByTestId('attachment-trigger-supplierCert-0').hover();
      await eventually(() => supplier.getByTestId('attachment-name-supplierCert-0-0').innerText()).toBe(c.oldScan);
      expect(await supplier.getByTestId('attachment-download-supplierCert-0-0').isEnabled()).toBe(true);
      expect(await supplier.getByTestId('attachment-delete-supplierCert-0-0').count()).toBe(0);
      await shot(supplier, `supplier-company-readonly-${l}`);
      await certs.scrollIntoViewIfNeeded();
      await shot(supplier, `supplier-certificates-${l}`);
      await activePane(supplier).getByTestId('supplier-company-request-change').click();
      // Opened under 我的信息变更 (the shell turns the link's menuCode into that menu's menuId: its buttons).
      await supplier.waitForURL(/\/main\/supplier\/myChangeEdit\?.*mode=create.*menuId=\d+/);
      await activePane(supplier).getByTestId('action-save').waitFor({ state: 'visible' });
      await activePane(supplier).locator('#root_contactPhone').fill(c.phone);
      await activePane(supplier).getByTestId('action-save').click();
      await supplier.waitForURL(/\/main\/supplier\/myChangeEdit\?.*id=\d+/);
      await eventually(async () => (await activePane(supplier).locator('#root_changeNumber').innerText()).trim()).toMatch(/^CR-\d{4}-\d{6}$/);
      const number = (await activePane(supplier).locator('#root_changeNumber').innerText()).trim();
      // And a new file, on the screen alone: a line of the attachment grid, its change kind picked from the
      // lookup, the file uploaded in its new-files cell; saved, it comes back with the kind it was given.
      const fileName = `business-licence-${l}.pdf`;
      const lines = grid(supplier, 'fileChanges');
      await activePane(supplier).getByTestId('line-fileChanges-action-addFileLine').click();
      await eventually(async () => (await gridRows(lines)).length).toBe(1);
      await pickCell(supplier, 'fileChanges', 'changeKind', 0, c.added);
      await clickAt(supplier, lines, 'newFileIds', 0, await scrollTo(lines, 'newFileIds'));
      const uploadCell = 'fileChanges-newFileIds-0';
      await supplier.getByTestId(`attachment-${uploadCell}`).waitFor({ state: 'visible' });
      const uploaded = supplier.waitForResponse((r) => r.url().includes('/fileServer/v2/file/upload'));
      await supplier.getByTestId(`attachment-input-${uploadCell}`).setInputFiles([{ name: fileName, mimeType: 'application/pdf', buffer: PDF }]);
      expect(((await (await uploaded).json()) as { status: string }).status).toBe('S');
      await supplier.keyboard.press('Escape');
      await noDialog(supplier);
      await scrollHome(lines);
      await eventually(() => values(lines)).toEqual([expect.arrayContaining([c.added, '1'])]);
      // One of the company's files removed, another replaced: each picked from the master's own files.
      await activePane(supplier).getByTestId('line-fileChanges-action-addFileLine').click();
      await activePane(supplier).getByTestId('line-fileChanges-action-addFileLine').click();
      await eventually(async () => (await gridRows(lines)).length).toBe(3);
      await pickCell(supplier, 'fileChanges', 'changeKind', 1, c.removed);
      await pickCell(supplier, 'fileChanges', 'changeKind', 2, c.replaced);
      await pickMasterFile(supplier, lines, 1, removed, c.pickHint, `supplier-change-pick-file-${l}`);
      await pickMasterFile(supplier, lines, 2, replaced, c.pickHint);
      await clickAt(supplier, lines, 'newFileIds', 2, await scrollTo(lines, 'newFileIds'));
      const replaceCell = 'fileChanges-newFileIds-2';
      await supplier.getByTestId(`attachment-${replaceCell}`).waitFor({ state: 'visible' });
      const uploadedAgain = supplier.waitForResponse((r) => r.url().includes('/fileServer/v2/file/upload'));
      await supplier
        .getByTestId(`attachment-input-${replaceCell}`)
        .setInputFiles([{ name: replacement, mimeType: 'application/pdf', buffer: bytes(replacement) }]);
      expect(((await (await uploadedAgain).json()) as { status: string }).status).toBe('S');
      await supplier.keyboard.press('Escape');
      await noDialog(supplier);
      // And a certificate renewed: its type chosen from the company's own certificates, a new expiry date, a new scan.
      const scan = `${c.certNumber}-renewed.pdf`;
      await activePane(supplier).getByTestId('line-fileChanges-action-addFileLine').click();
      await eventually(async () => (await gridRows(lines)).length).toBe(4);
      // (scrolled home first: the grid is still scrolled to the upload column, where a click finds no kind cell)
      await scrollHome(lines);
      await pickCell(supplier, 'fileChanges', 'changeKind', 3, c.replaced);
      await eventually(async () => (await values(lines))[3]).toEqual(expect.arrayContaining([c.replaced]));
      await chooseCertificate(supplier, lines, 3, c.cert, `supplier-change-cert-type-${l}`);
      await typeDateCell(supplier, lines, 'newExpiryDate', 3, c.newExpiry);
      await clickAt(supplier, lines, 'newFileIds', 3, await scrollTo(lines, 'newFileIds'));
      const certCell = 'fileChanges-newFileIds-3';
      await supplier.getByTestId(`attachment-${certCell}`).waitFor({ state: 'visible' });
      const uploadedScan = supplier.waitForResponse((r) => r.url().includes('/fileServer/v2/file/upload'));
      await supplier.getByTestId(`attachment-input-${certCell}`).setInputFiles([{ name: scan, mimeType: 'application/pdf', buffer: bytes(scan) }]);
      expect(((await (await uploadedScan).json()) as { status: string }).status).toBe('S');
      await supplier.keyboard.press('Escape');
      await noDialog(supplier);
      await scrollHome(lines);
      const size = (name: string) => `${name} (${bytes(name).length} B)`;
      const fileLines = [
        expect.arrayContaining([c.added, '1']),
        expect.arrayContaining([c.removed, size(removed), '0']),
        expect.arrayContaining([c.replaced, size(replaced), '1']),
        expect.arrayContaining([c.replaced, c.cert, c.newExpiry, '1']),
      ];
      await eventually(() => values(lines)).toEqual(fileLines);
      const saved = supplier.waitForResponse((r) => r.url().includes('srmPosSupplierChangeRestful/saveOrUpdate'));
      await activePane(supplier).getByTestId('action-save').click();
      expect(((await (await saved).json()) as { status: string }).status).toBe('S');
      await supplier.reload();
      // Saved, the picks come back with their names and sizes (the server's account of them).
      await eventually(() => values(grid(supplier, 'fileChanges'))).toEqual(fileLines);
      await grid(supplier, 'fileChanges').scrollIntoViewIfNeeded();
      await shot(supplier, `supplier-change-picked-${l}`);
      await activePane(supplier).getByTestId('action-submit').click();
      await confirmPrimary(supplier);
      await eventually(() => statusOf(supplier)).toBe(c.inReview);
      await eventually(() => values(grid(supplier, 'differences'))).toEqual([expect.arrayContaining([c.field, c.old, c.phone])]);
      await shot(supplier, `supplier-change-submitted-${l}`);

      const buyer = await signedIn('buyer01', lang, 'inHome');
      await openMenu(buyer, 'SUPPLIER_CHANGE_REVIEW', /\/main\/supplier\/supplierChangeReviewList/);
      await activePane(buyer).getByTestId('search-changeNumber').fill(number);
      await activePane(buyer).getByTestId('search-submit').click();
      const list = grid(buyer, 'supplierChangeReviewList');
      await eventually(async () => (await values(list)).map((v) => v.includes(number))).toEqual([true]);
      await activePane(buyer).getByTestId('row-action-view-0').click();
      await buyer.waitForURL(/\/main\/supplier\/supplierChangeReviewEdit\?.*mode=view/);
      await eventually(() => values(grid(buyer, 'differences'))).toEqual([expect.arrayContaining([c.field, c.old, c.phone])]);
      const files = grid(buyer, 'fileChanges');
      await eventually(() => values(files)).toEqual([
        expect.arrayContaining([c.added, `${fileName} (${PDF.length} B)`]),
        expect.arrayContaining([c.removed, size(removed)]),
        expect.arrayContaining([c.replaced, size(replaced), size(replacement)]),
        expect.arrayContaining([c.replaced, c.cert, expect.stringContaining(`${c.oldScan} (`), size(scan)]),
      ]);
      await shot(buyer, `supplier-change-review-${l}`);
      // The new file opens from its cell, with preview and download (no upload, no delete).
      await clickAt(buyer, files, 'newFileIds', 0, await scrollTo(files, 'newFileIds'));
      const cell = 'fileChanges-newFileIds-0';
      await buyer.getByTestId(`attachment-${cell}`).waitFor({ state: 'visible' });
      await buyer.getByTestId(`attachment-trigger-${cell}`).hover();
      await buyer.getByTestId(`attachment-list-${cell}`).waitFor({ state: 'visible' });
      await eventually(() => buyer.getByTestId(`attachment-name-${cell}-0`).innerText()).toBe(fileName);
      expect(await buyer.getByTestId(`attachment-preview-${cell}-0`).isEnabled()).toBe(true);
      expect(await buyer.getByTestId(`attachment-download-${cell}-0`).isEnabled()).toBe(true);
      expect(await buyer.getByTestId(`attachment-delete-${cell}-0`).count()).toBe(0);
      await shot(buyer, `supplier-change-review-file-${l}`);
      await buyer.keyboard.press('Escape');
      await noDialog(buyer);
      await activePane(buyer).getByTestId('action-approve').click();
      await confirmPrimary(buyer);
      await eventually(() => statusOf(buyer)).toBe(c.effective);

      await openMenu(buyer, 'SUPPLIER_LIST', /\/main\/supplier\/supplierList/);
      await activePane(buyer).getByTestId('search-supplierNumber').fill('S-0002');
      await activePane(buyer).getByTestId('search-submit').click();
      const suppliers = grid(buyer, 'supplierList');
      await eventually(async () => (await values(suppliers)).map((v) => v.includes('S-0002'))).toEqual([true]);
      // The phone column lies right of what the window shows (the risk score comes first): scroll to it.
      await scrollTo(suppliers, 'contactPhone');
      await eventually(async () => (await values(suppliers)).map((v) => v.includes(c.phone))).toEqual([true]);
      // The buyer keeps the supplier's responsible buyer on the supplier's screen (demo: buyer01).
      await activePane(buyer).getByTestId('row-action-edit-0').click();
      await buyer.waitForURL(/\/main\/supplier\/supplierEdit\?.*id=\d+/);
      await eventually(() => activePane(buyer).getByTestId('reference-root_buyerUserId').innerText()).toContain('buyer01');
      // And the master now holds the file the supplier added in the change.
      await activePane(buyer).getByTestId('attachment-trigger-attachmentIds').hover();
      await eventually(() => buyer.getByTestId('attachment-list-attachmentIds').innerText()).toContain(fileName);
      // … and the replacement, without the removed and the replaced files.
      const masterList = await buyer.getByTestId('attachment-list-attachmentIds').innerText();
      expect(masterList).toContain(replacement);
      expect(masterList).not.toContain(removed);
      expect(masterList).not.toContain(replaced);
      await shot(buyer, `supplier-responsible-buyer-${l}`);
      await activePane(buyer).getByTestId('action-back').click();

      // supplier02's 企业信息 shows the renewed certificate: the new expiry date and scan.
      const renewed = await openOwnCompany(supplier);
      await eventually(() => renewed.getAttribute('data-count')).toBe('3');
      const row = renewed.locator('tbody tr', { hasText: c.cert });
      await eventually(() => row.innerText()).toContain(c.newExpiry);
      expect(await renewed.innerText()).not.toContain(c.oldExpiry);
      await renewed.scrollIntoViewIfNeeded();
      await shot(supplier, `supplier-certificates-renewed-${l}`);

      // A second change, rejected with a reason the supplier then reads.
      await openMenu(supplier, 'MY_SUPPLIER_CHANGE', /\/main\/supplier\/myChangeList/);
      await activePane(supplier).getByTestId('action-add').click();
      await supplier.waitForURL(/\/main\/supplier\/myChangeEdit\?.*mode=create/);
      await activePane(supplier).locator('#root_email').fill(`${l}@siam-ec.example.com`);
      await activePane(supplier).getByTestId('action-save').click();
      await supplier.waitForURL(/\/main\/supplier\/myChangeEdit\?.*id=\d+/);
      await eventually(async () => (await activePane(supplier).locator('#root_changeNumber').innerText()).trim()).toMatch(/^CR-/);
      const second = (await activePane(supplier).locator('#root_changeNumber').innerText()).trim();
      await activePane(supplier).getByTestId('action-submit').click();
      await confirmPrimary(supplier);
      await eventually(() => statusOf(supplier)).toBe(c.inReview);
      await openMenu(buyer, 'SUPPLIER_CHANGE_REVIEW', /\/main\/supplier\/supplierChangeReviewList/);
      await activePane(buyer).getByTestId('search-changeNumber').fill(second);
      await activePane(buyer).getByTestId('search-submit').click();
      await eventually(async () => (await values(list)).map((v) => v.includes(second))).toEqual([true]);
      await activePane(buyer).getByTestId('row-action-view-0').click();
      await eventually(async () => (await activePane(buyer).locator('#root_changeNumber').innerText()).trim()).toBe(second);
      await activePane(buyer).getByTestId('action-reject').click();
      await buyer.getByTestId('reject-reason').fill('domain not verified');
      await shot(buyer, `supplier-change-reject-${l}`);
      await confirmPrimary(buyer);
      await eventually(() => statusOf(buyer)).toBe(c.rejected);
      await eventually(() => activePane(buyer).locator('#root_rejectReason').innerText()).toBe('domain not verified');

      // supplier02's home says the change came back, and why.
      await supplier.goto(`${server.base}/main/exHome`);
      const card = supplier.getByTestId('home-supplier-changes');
      await eventually(() => card.innerText()).toContain(second);
      expect(await card.innerText()).toContain('domain not verified');
      await shot(supplier, `supplier-home-changes-${l}`);
    });
  });
}
