// Shared steps of the contract API tests: paths, record shapes, a contract brought to a given state.
import { expect } from 'vitest';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { MATERIAL, SUPPLIER, expectOk, type Rec } from '../../../../tests/support/apiHelpers.js';

export const CONTRACT = 'srmServer/v1/srmConContractRestful';
export const TEMPLATE = 'srmServer/v1/srmConTemplateRestful';
export const ESIGN = 'srmServer/v1/esignSignRestful';

export interface Contract {
  contractId: number;
  contractNumber: string;
  title: string;
  status: string;
  supplierId: number;
  totalAmount: number;
  startDate: string;
  endDate: string;
  versionNo: number;
  versionNum: number;
  content: string | null;
  watermarkId: number | null;
  refuseReason: string | null;
  terminateReason: string | null;
  changeReason: string | null;
  buyerSignedName: string | null;
  buyerSignedDate: string | null;
  supplierSignedName: string | null;
  supplierSignedDate: string | null;
  documentHash: string | null;
  sourceNumber: string | null;
  lines: { contractLineId: number; materialId: number; quantity: number; price: number; amount: number }[];
}

export interface World {
  buyer: SignedClient;
  s1: SignedClient;
  s2: SignedClient;
  supplier1: number;
  supplier2: number;
  materials: number[];
  templates: Map<string, number>;
}

export async function worldOf(buyer: SignedClient, s1: SignedClient, s2: SignedClient): Promise<World> {
  const materials = expectOk(await buyer.call<{ materialId: number }[]>(`${MATERIAL}/listByPage`, { params: {}, pageRows: 5 })).map((m) => m.materialId);
  const suppliers = expectOk(await buyer.call<{ supplierId: number; supplierNumber: string }[]>(`${SUPPLIER}/listByPage`, { params: {}, pageRows: 50 }));
  const id = (n: string) => suppliers.find((s) => s.supplierNumber === n)!.supplierId;
  const templates = expectOk(await buyer.call<{ templateId: number; templateCode: string }[]>(`${TEMPLATE}/listByPage`, { params: {}, pageRows: 50 }));
  return {
    buyer,
    s1,
    s2,
    supplier1: id('S-0001'),
    supplier2: id('S-0002'),
    materials,
    templates: new Map(templates.map((t) => [t.templateCode, t.templateId])),
  };
}

/** A draft of supplier01 (or `supplierId`) from TPL-PURCHASE, with items of the given quantities at `price`. */
export async function draftContract(w: World, quantities: number[], price = 10, extra: Rec = {}, supplierId = w.supplier1): Promise<Contract> {
  return expectOk(
    await w.buyer.call<Contract>(`${CONTRACT}/saveOrUpdate`, {
      title: 'API test contract',
      supplierId,
      templateId: w.templates.get('TPL-PURCHASE'),
      currencyCode: 'CNY',
      totalAmount: 0,
      startDate: '2026-12-01',
      endDate: '2027-11-30',
      lines: quantities.map((q, i) => ({ materialId: w.materials[i % w.materials.length], quantity: q, price })),
      ...extra,
    }),
  );
}

/** Submitted (≤ 100,000: approved on submit by CON_APPROVAL) and sent to the supplier. */
export async function sentContract(w: World, supplierId = w.supplier1): Promise<Contract> {
  const d = await draftContract(w, [10], 10, {}, supplierId);
  expect(expectOk(await w.buyer.call<Contract>(`${CONTRACT}/doSubmit`, { id: d.contractId })).status).toBe('APPROVED');
  return expectOk(await w.buyer.call<Contract>(`${CONTRACT}/doSendConfirm`, { id: d.contractId }));
}

/** Sent and confirmed by supplier01. */
export async function confirmedContract(w: World): Promise<Contract> {
  const s = await sentContract(w);
  return expectOk(await w.s1.call<Contract>(`${CONTRACT}/doConfirm`, { id: s.contractId }));
}

/** Confirmed and signed by both sides. */
export async function signedContract(w: World): Promise<Contract> {
  const c = await confirmedContract(w);
  expectOk(await w.s1.call<Contract>(`${CONTRACT}/doSign`, { id: c.contractId }));
  return expectOk(await w.buyer.call<Contract>(`${CONTRACT}/doSign`, { id: c.contractId }));
}

export { imageSizes } from '../../../../tests/support/pdfImages.js';
