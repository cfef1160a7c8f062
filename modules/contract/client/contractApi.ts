// The contract family's calls the panels make (CONTRACT.md "Contracts, orders, deliveries") and the PDF
// download (getContractPdf answers base64 in the envelope).
import type { RuntimeEnv } from '../../../runtime/env';
import { saveBase64 } from '../../../runtime/attachments/api';

export const CONTRACT = 'srmServer/v1/srmConContractRestful';
export const TEMPLATE = 'srmServer/v1/srmConTemplateRestful';

export const BUYER_PAGE = 'contract/contractEdit';
export const SUPPLIER_PAGE = 'contract/supplierContractEdit';

export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export const numberOf = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** Fetches the contract's PDF and hands it to the browser as a download. */
export async function downloadPdf(env: RuntimeEnv, id: number): Promise<void> {
  const pdf = (await env.api<{ base64: string; fileName: string }>(`${CONTRACT}/getContractPdf`, { id })).data;
  saveBase64(pdf.base64, pdf.fileName, 'application/pdf');
}

export interface Version {
  contractVersionId: number;
  versionNo: number;
  status: string;
  changeReason: string | null;
  changedAt: string;
}
