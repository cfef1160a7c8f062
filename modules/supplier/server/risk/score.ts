// The supplier risk score: 0–100, the sum of the points of the supplier's OPEN warnings, capped at 100.
// Each warning carries its points (column `points`), so the reasons of a score are its warnings grouped by
// type and level. Weights (docs/suppliers.md "Risk score"):
//   BLACKLIST_HIT 60 · RISK HIGH 30 · CERT_EXPIRED 20 · RISK MEDIUM 15 · QUESTIONNAIRE_OVERDUE 10 ·
//   CERT_EXPIRING 5 · RISK LOW 5.
// A blacklist hit alone puts a supplier in the upper half; two serious signals and an expired certificate
// reach the cap.
import { sql } from 'kysely';
import type { Db } from '../../../../server/db/connect.js';
import { typed } from '../../../../server/db/typed.js';
import type { SupplierTables } from '../../generated/tables.js';

export const RISK_WEIGHTS = {
  BLACKLIST_HIT: 60,
  CERT_EXPIRED: 20,
  QUESTIONNAIRE_OVERDUE: 10,
  CERT_EXPIRING: 5,
  RISK: { HIGH: 30, MEDIUM: 15, LOW: 5 },
} as const;

export const MAX_SCORE = 100;

/** The points one warning adds to its supplier's score. */
export function pointsOf(warningType: string, riskLevel: string | null | undefined): number {
  if (warningType === 'RISK') return RISK_WEIGHTS.RISK[(riskLevel ?? 'LOW') as keyof typeof RISK_WEIGHTS.RISK] ?? RISK_WEIGHTS.RISK.LOW;
  const w = RISK_WEIGHTS[warningType as Exclude<keyof typeof RISK_WEIGHTS, 'RISK'>];
  return typeof w === 'number' ? w : 0;
}

export interface ScoreReason {
  warningType: string;
  /** Set for RISK warnings only. */
  riskLevel: string | null;
  count: number;
  points: number;
}

export interface RiskScore {
  score: number;
  /** Largest first; the sum of their points may exceed the capped score. */
  reasons: ScoreReason[];
}

/** The score of one supplier from its OPEN warnings. */
export function scoreOf(open: readonly { warningType: string; riskLevel?: string | null }[]): RiskScore {
  const byKey = new Map<string, ScoreReason>();
  for (const w of open) {
    const riskLevel = w.warningType === 'RISK' ? (w.riskLevel ?? 'LOW') : null;
    const key = `${w.warningType}|${riskLevel ?? ''}`;
    const r = byKey.get(key) ?? { warningType: w.warningType, riskLevel, count: 0, points: 0 };
    r.count += 1;
    r.points += pointsOf(w.warningType, riskLevel);
    byKey.set(key, r);
  }
  const reasons = [...byKey.values()].filter((r) => r.points > 0).sort((a, b) => b.points - a.points || a.warningType.localeCompare(b.warningType));
  const total = reasons.reduce((s, r) => s + r.points, 0);
  return { score: Math.min(MAX_SCORE, total), reasons };
}

/** Rewrites every supplier's risk_score and risk_reasons (JSON of ScoreReason[]) from its OPEN warnings. */
export async function refreshScores(db: Db): Promise<number> {
  const t = typed<SupplierTables>(db);
  const open = await t.selectFrom('srm_pos_supplier_warning').select(['supplier_id', 'warning_type', 'risk_level']).where('status', '=', 'OPEN').execute();
  const bySupplier = new Map<number, { warningType: string; riskLevel: string | null }[]>();
  for (const w of open) {
    const list = bySupplier.get(Number(w.supplier_id)) ?? [];
    list.push({ warningType: w.warning_type, riskLevel: w.risk_level });
    bySupplier.set(Number(w.supplier_id), list);
  }
  // Suppliers whose last warning closed go back to zero.
  await t
    .updateTable('srm_pos_supplier_info')
    .set({ risk_score: 0, risk_reasons: null })
    .where((eb) => eb.or([eb('risk_score', 'is', null), eb('risk_score', '<>', 0), eb('risk_reasons', 'is not', null)]))
    .where('supplier_id', 'not in', bySupplier.size > 0 ? [...bySupplier.keys()] : [-1])
    .execute();
  for (const [supplierId, list] of bySupplier) {
    const s = scoreOf(list);
    await t
      .updateTable('srm_pos_supplier_info')
      .set({ risk_score: s.score, risk_reasons: JSON.stringify(s.reasons) })
      .where('supplier_id', '=', supplierId)
      .where((eb) =>
        eb.or([eb('risk_score', 'is', null), eb('risk_score', '<>', s.score), sql<boolean>`coalesce(risk_reasons, '') <> ${JSON.stringify(s.reasons)}`]),
      )
      .execute();
  }
  return bySupplier.size;
}
