// The stored reasons of a supplier's risk score (srmPosSupplierInfo.riskReasons, JSON written by
// server/risk/score.ts): read defensively, an unreadable value is no reasons.
export interface RiskReason {
  warningType: string;
  riskLevel: string | null;
  count: number;
  points: number;
}

export function riskReasonsOf(raw: unknown): RiskReason[] {
  let v: unknown = raw;
  if (typeof raw === 'string') {
    try {
      v = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(v)) return [];
  return v
    .filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null && typeof (r as Record<string, unknown>).warningType === 'string')
    .map((r) => ({
      warningType: String(r.warningType),
      riskLevel: typeof r.riskLevel === 'string' && r.riskLevel ? r.riskLevel : null,
      count: Number(r.count) || 0,
      points: Number(r.points) || 0,
    }));
}

/** The tag colour of a score: green below 20, orange below 50, red from 50 (a blacklist hit alone). */
export function riskTone(score: number): 'green' | 'orange' | 'red' {
  return score >= 50 ? 'red' : score >= 20 ? 'orange' : 'green';
}
