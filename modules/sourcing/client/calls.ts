// The sourcing screens' calls (CONTRACT.md "Sourcing"), typed by what the server answers.
import type { RuntimeEnv } from '../../../runtime/env';

const INQ = 'srmServer/v1/srmSrcInquiryRestful';
const QUO = 'srmServer/v1/srmSrcQuotationRestful';

export interface InquiryRow {
  inquiryId: number;
  inquiryNumber: string;
  title: string;
  status: string;
  deadline: string;
}

export type FieldMode = 'HIDDEN' | 'OPTIONAL' | 'REQUIRED';
/** The offer template's rules an inquiry's quotes follow (price is always required). */
export type OfferRules = Record<'ladders' | 'deliveryDays' | 'validTo' | 'freight' | 'taxRate' | 'remark' | 'attachments', FieldMode>;

export interface Offer {
  supplierId: number;
  supplierName: string;
  price: number;
  unitPrice: number;
  convertedPrice: number | null;
  deliveryDays: number | null;
  deviationPercent: number | null;
  rank: number | null;
  awardedQuantity: number;
  proposedQuantity: number | null;
  validTo: string | null;
  freight: number | null;
  taxRate: number | null;
  remark: string | null;
  attachmentCount: number;
  /** The quotation's files, named once the comparison opens (never before the deadline). */
  attachments?: OfferFile[];
}

export interface OfferFile {
  fileId: number;
  fileName: string;
  fileSize: number;
  contentType: string | null;
}

export interface ComparedLine {
  inquiryLineId: number;
  lineNumber: number | null;
  materialIdDisplay: string | null;
  quantity: number;
  awardedQuantity: number | null;
  history: { lowestPrice: number; lastPrice: number } | null;
  offers: Offer[];
  lowestSupplierId: number | null;
}

export interface Comparison {
  inquiryId: number;
  inquiryNumber: string;
  title: string;
  status: string;
  currencyCode: string;
  deadline: string;
  roundNumber: number;
  missingRate: boolean;
  offerRules: OfferRules;
  awardRejectReason: string | null;
  suppliers: { supplierId: number; supplierName: string; quoteStatus: string | null; declineReason?: string | null; awardResult: string | null }[];
  lines: ComparedLine[];
}

export interface BidRow {
  inquiryId: number;
  inquiryNumber: string;
  title: string;
  status: string;
  currencyCode: string;
  deadline: string;
  roundNumber: number;
  quoteStatus: string | null;
  awardResult: string | null;
  canQuote: boolean;
}

export interface BidDetail extends BidRow {
  terms: string | null;
  serverTime: string;
  lines: {
    inquiryLineId: number;
    lineNumber: number | null;
    materialIdDisplay: string | null;
    quantity: number;
    uomCode: string | null;
    requiredDate: string;
  }[];
  offerRules: OfferRules;
  quotation: {
    status: string;
    attachmentIds: string | null;
    validTo: string | null;
    freight: number | null;
    taxRate: number | null;
    remark: string | null;
    lines: {
      inquiryLineId: number;
      price: number | null;
      deliveryDays: number | null;
      ladderPrices: string | null;
      validTo: string | null;
      freight: number | null;
      taxRate: number | null;
      remark: string | null;
    }[];
  } | null;
}

export interface OfferLineInput {
  lineId: number;
  price: number;
  deliveryDays?: number;
  ladders?: { fromQuantity: number; price: number }[];
  validTo?: string;
  freight?: number;
  taxRate?: number;
  remark?: string;
}

/** One formal opening of an inquiry's round (doBidOpening; the inquiry's bidOpeningRecord lists them). */
export interface BidOpening {
  roundNumber: number;
  openedAt: string;
  openedByName: string;
  deadline: string;
  suppliers: {
    supplierId: number;
    supplierName: string;
    result: 'QUOTED' | 'DECLINED' | 'NO_ANSWER';
    linesQuoted: number;
    lineCount: number;
    total: number | null;
    currencyCode: string | null;
  }[];
}

/** An approved requisition line no open inquiry holds (requisitionLinesForInquiry). */
export interface RequisitionLineOption {
  requisitionId: number;
  requisitionNumber: string;
  title: string | null;
  requisitionLineId: number;
  lineNumber: number | null;
  materialId: number;
  materialIdDisplay: string | null;
  quantity: number;
  uomCode: string | null;
  needByDate: string;
}

export function sourcingCalls(env: RuntimeEnv) {
  return {
    inquiries: async () => (await env.api<InquiryRow[]>(`${INQ}/listByPage`, { params: {}, pageRows: 200 })).data,
    compare: async (id: number) => (await env.api<Comparison>(`${INQ}/sourceSummary`, { id })).data,
    award: async (id: number, awards: { lineId: number; supplierId: number; quantity: number }[]) =>
      (await env.api<{ status: string }>(`${INQ}/doAward`, { id, awards })).data,
    autoAward: async (id: number) => (await env.api<{ status: string }>(`${INQ}/autoAwardByMinPrice`, { id })).data,
    bargain: (id: number, supplierIds: number[], deadline: string) => env.api(`${INQ}/doInitiateBargaining`, { id, supplierIds, deadline }),
    exportComparison: async (id: number) => {
      if (!env.download) throw new Error('download unavailable');
      return env.download(`${INQ}/exportDataForPricingSummary`, { body: { id } });
    },
    bids: async () => (await env.api<BidRow[]>(`${QUO}/listByPageForBid`, { params: {}, pageRows: 200 })).data,
    bid: async (id: number) => (await env.api<BidDetail>(`${QUO}/findInquiryForBid`, { id })).data,
    requisitionLines: async (search: string) => (await env.api<RequisitionLineOption[]>(`${INQ}/requisitionLinesForInquiry`, { search })).data,
    addRequisitionLines: (id: number, requisitionLineIds: number[]) => env.api(`${INQ}/doAddRequisitionLines`, { id, requisitionLineIds }),
    offer: (inquiryId: number, lines: OfferLineInput[], submit: boolean, attachmentIds?: string) =>
      env.api(`${QUO}/doSupplierOfferPrice`, {
        inquiryId,
        lines,
        submit,
        ...(attachmentIds !== undefined ? { attachmentIds: attachmentIds ? attachmentIds.split(',') : [] } : {}),
      }),
    decline: (inquiryId: number, reason: string) => env.api(`${QUO}/doDeclineQuote`, { inquiryId, reason }),
    quotationFile: async (id: number, fileId: number) => {
      if (!env.download) throw new Error('download unavailable');
      return env.download(`${INQ}/downloadQuotationFile`, { body: { id, fileId } });
    },
    openBids: async (id: number) => (await env.api<{ bidOpening: BidOpening }>(`${INQ}/doBidOpening`, { id })).data,
  };
}

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
