// exportDataForPricingSummary {id}: the comparison as an .xlsx (one row per line and supplier: price,
// ladder price at the line's quantity, converted price, rank, delivery days, deviation from the last
// price, awarded quantity). The same sealed rule as the comparison; allowed to whoever may read it.
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import type { AppContext } from '../../../server/context.js';
import { message } from '../../../server/i18n/messages.js';
import { XLSX_TYPE } from '../../../server/excel/exportService.js';
import { buildComparison } from './comparison.js';
import { comparisonCaller } from './quotationFiles.js';

const COLUMNS = [
  'line',
  'material',
  'quantity',
  'supplier',
  'price',
  'unitPrice',
  'convertedPrice',
  'rank',
  'deliveryDays',
  'lastPrice',
  'deviation',
  'awarded',
] as const;

export function registerExportRoute(server: FastifyInstance, app: AppContext): void {
  server.post('/api/srmServer/v1/srmSrcInquiryRestful/exportDataForPricingSummary', async (req, reply) => {
    // Whoever may open the comparison may export it.
    const { ctx, id } = await comparisonCaller(app, req);
    const cmp = await buildComparison(ctx, app.db, id);
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet(cmp.inquiryNumber || 'RFQ');
    sheet.addRow([`${cmp.inquiryNumber} ${cmp.title}`, `${cmp.currencyCode}`, cmp.deadline]);
    const header = sheet.addRow(COLUMNS.map((c) => message(ctx.lang, `sourcing.xls.${c}`)));
    header.font = { bold: true };
    for (const line of cmp.lines) {
      for (const o of line.offers) {
        sheet.addRow([
          line.lineNumber as number,
          (line.materialIdDisplay as string) ?? '',
          line.quantity,
          o.supplierName,
          o.price,
          o.unitPrice,
          o.convertedPrice,
          o.rank,
          o.deliveryDays,
          (line.history as { lastPrice: number } | null)?.lastPrice ?? null,
          o.deviationPercent,
          o.awardedQuantity,
        ]);
      }
    }
    sheet.columns.forEach((c, i) => (c.width = i === 1 || i === 3 ? 32 : 14));
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    return reply
      .type(XLSX_TYPE)
      .header('Content-Disposition', `attachment; filename="${encodeURIComponent(`${cmp.inquiryNumber}-comparison.xlsx`)}"`)
      .send(buffer);
  });
}
