// Edit-page addon on the buyer's supplier screen (supplier/supplierEdit): the supplier's risk score and the
// reasons behind it (the server keeps them as codes: warning type, risk level, how many open warnings, their
// points), named in the reader's language through the lookups SUPPLIER_WARNING_TYPE and SUPPLIER_RISK_LEVEL.
// The warnings themselves are on 供应商预警.
import { Alert, Descriptions, Tag } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../../runtime/env';
import { useLookups } from '../../../../runtime/data/useLookups';
import type { EditAddonProps } from '../../../../runtime/registry/types';
import { riskReasonsOf, riskTone } from './reasons';

const PAGES = ['supplier/supplierEdit'];
const TYPES = ['SUPPLIER_WARNING_TYPE', 'SUPPLIER_RISK_LEVEL'];

export function RiskPanel({ page, record }: EditAddonProps) {
  const env = useRuntimeEnv();
  const lookups = useLookups(PAGES.includes(page.name) ? TYPES : []);
  if (!PAGES.includes(page.name) || !record) return null;
  const t = env.t;
  const score = Number(record.riskScore ?? 0);
  const reasons = riskReasonsOf(record.riskReasons);
  const meaning = (type: string, code: string) => lookups[type]?.find((v) => v.lookupCode === code)?.meaning ?? code;
  return (
    <div data-testid="supplier-risk" data-score={score} style={{ marginBottom: 12 }}>
      <Descriptions
        size="small"
        border
        column={1}
        title={t('supplierRisk.title')}
        data={[
          {
            label: t('supplierRisk.score'),
            value: (
              <Tag color={riskTone(score)} data-testid="supplier-risk-score">
                {t('supplierRisk.scoreValue', { score })}
              </Tag>
            ),
          },
          {
            label: t('supplierRisk.reasons'),
            value:
              reasons.length === 0 ? (
                <span data-testid="supplier-risk-none">{t('supplierRisk.none')}</span>
              ) : (
                <ul data-testid="supplier-risk-reasons" style={{ margin: 0, paddingLeft: 18 }}>
                  {reasons.map((r) => (
                    <li
                      key={`${r.warningType}|${r.riskLevel ?? ''}`}
                      data-testid={`supplier-risk-reason-${r.warningType}${r.riskLevel ? `-${r.riskLevel}` : ''}`}
                    >
                      {t(r.riskLevel ? 'supplierRisk.reasonLevel' : 'supplierRisk.reason', {
                        type: meaning('SUPPLIER_WARNING_TYPE', r.warningType),
                        level: r.riskLevel ? meaning('SUPPLIER_RISK_LEVEL', r.riskLevel) : '',
                        count: r.count,
                        points: r.points,
                      })}
                    </li>
                  ))}
                </ul>
              ),
          },
        ]}
      />
      {score > 0 && <Alert type="info" style={{ marginTop: 6 }} content={t('supplierRisk.hint')} />}
    </div>
  );
}
