// Demo and sample screens belong to the demo data only (issue 18): an installation without the demo
// (SRM_DEMO=0) ships no grid showcase or misconfiguration sample menu; the demo company has them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';

const MENU = 'baseServer/v1/baseMenuRestful';
const SAMPLES = ['COMPONENT_SAMPLES', 'GRID_SHOWCASE', 'GRID_MISCONFIGURED'];

async function sampleMenus(url: string, password?: string): Promise<string[]> {
  const admin = await signIn(url, 'admin', 'EN', password);
  const menus = expectOk(await admin.call<Rec[]>(`${MENU}/listByPage`, { params: {}, pageRows: 1000 }));
  expect(menus.length).toBeGreaterThan(20);
  return menus.map((m) => String(m.menuCode)).filter((c) => SAMPLES.includes(c));
}

for (const backend of await backends()) {
  describe(`demo menus on ${backend}`, () => {
    let bare: TestServer;
    let demo: TestServer;

    beforeAll(async () => {
      // The bare installation migrates and seeds from nothing (no template): slow on a busy machine.
      [bare, demo] = await Promise.all([startTestServer(backend, { SRM_DEMO: '0', SRM_ADMIN_PASSWORD: 'Bare#Admin2026' }), startTestServer(backend)]);
    }, 300_000);
    afterAll(async () => {
      await bare?.stop();
      await demo?.stop();
    });

    it('ships no sample menus without the demo data, and the demo seed adds them', async () => {
      expect(await sampleMenus(bare.url, 'Bare#Admin2026')).toEqual([]);
      expect((await sampleMenus(demo.url)).sort()).toEqual([...SAMPLES].sort());
    });
  });
}
