// One question of a questionnaire as the supplier answers it (radio, checkboxes, a scale, text, files) or
// as it reads once answered, with the score the buyer gives when scoring.
import { Checkbox, Input, InputNumber, Radio, Space, Tag, Typography } from '@arco-design/web-react';
import { AttachmentWidget } from '../../../../runtime/attachments/AttachmentWidget';
import { useRuntimeEnv } from '../../../../runtime/env';
import type { Row } from '../../../../runtime/data/dataProvider';

export interface Draft {
  text?: string;
  options?: string[];
  files?: string;
}
type Text4 = Record<string, string>;

const parse = <T,>(s: unknown, fallback: T): T => {
  try {
    return typeof s === 'string' ? (JSON.parse(s) as T) : fallback;
  } catch {
    return fallback;
  }
};

export function AnswerItem(props: { row: Row; draft: Draft; onDraft?: (d: Draft) => void; score?: number | null; onScore?: (v: number | null) => void }) {
  const { row, draft, onDraft, onScore } = props;
  const env = useRuntimeEnv();
  const t = env.t;
  const id = String(row.answerId);
  const type = String(row.questionType);
  const text = parse<Text4>(row.questionText, {})[env.language] ?? '';
  const sent = parse<{ code: string; text: Text4 }[] | { scaleMax: number }>(row.optionsJson, []);
  const options = Array.isArray(sent) ? sent : [];
  const scaleMax = Array.isArray(sent) ? 5 : sent.scaleMax;
  const label = (code: string) => options.find((o) => o.code === code)?.text[env.language] ?? code;
  const editing = onDraft !== undefined;
  const answerView = () => {
    if (type === 'SINGLE' || type === 'MULTI') return (draft.options ?? []).map(label).join('；') || t('supplierQn.noAnswer');
    if (type === 'FILE') return null;
    return draft.text || t('supplierQn.noAnswer');
  };
  return (
    <div data-testid={`qn-answer-${row.lineNumber}`} data-type={type} style={{ padding: '10px 0', borderBottom: '1px solid var(--color-border-2)' }}>
      <Space align="start" style={{ marginBottom: 6 }}>
        <Typography.Text bold>{`${row.lineNumber}. ${text}`}</Typography.Text>
        {row.requiredFlag !== 'N' && (
          <Tag color="red" size="small">
            {t('supplierQn.required')}
          </Tag>
        )}
        <Tag size="small">{t('supplierQn.maxScore', { max: Number(row.maxScore ?? 0) })}</Tag>
      </Space>
      <div>
        {editing && type === 'SINGLE' && (
          <Radio.Group direction="vertical" value={draft.options?.[0]} onChange={(v: string) => onDraft({ ...draft, options: [v] })}>
            {options.map((o) => (
              <Radio key={o.code} value={o.code} data-testid={`qn-option-${row.lineNumber}-${o.code}`}>
                {o.text[env.language]}
              </Radio>
            ))}
          </Radio.Group>
        )}
        {editing && type === 'MULTI' && (
          <Checkbox.Group direction="vertical" value={draft.options ?? []} onChange={(v: string[]) => onDraft({ ...draft, options: v })}>
            {options.map((o) => (
              <Checkbox key={o.code} value={o.code} data-testid={`qn-option-${row.lineNumber}-${o.code}`}>
                {o.text[env.language]}
              </Checkbox>
            ))}
          </Checkbox.Group>
        )}
        {editing && type === 'SCALE' && (
          <Radio.Group type="button" value={draft.text} onChange={(v: string) => onDraft({ ...draft, text: v })}>
            {Array.from({ length: scaleMax }, (_, i) => String(i + 1)).map((v) => (
              <Radio key={v} value={v} data-testid={`qn-scale-${row.lineNumber}-${v}`}>
                {v}
              </Radio>
            ))}
          </Radio.Group>
        )}
        {editing && type === 'TEXT' && (
          <Input.TextArea
            data-testid={`qn-text-${row.lineNumber}`}
            placeholder={t('supplierQn.textPlaceholder')}
            value={draft.text ?? ''}
            maxLength={2000}
            autoSize={{ minRows: 2 }}
            onChange={(v) => onDraft({ ...draft, text: v })}
          />
        )}
        {type === 'FILE' && (
          <AttachmentWidget
            name={`qn-file-${row.lineNumber}`}
            value={draft.files}
            readOnly={!editing}
            functionId="srmPosQnAnswer"
            businessId={id}
            onChange={(ids) => onDraft?.({ ...draft, files: ids ?? '' })}
          />
        )}
        {!editing && <Typography.Text data-testid={`qn-view-${row.lineNumber}`}>{answerView()}</Typography.Text>}
      </div>
      {onScore && (
        <Space style={{ marginTop: 6 }} data-testid={`qn-score-${row.lineNumber}`}>
          <span>{t('supplierQn.score')}</span>
          <InputNumber
            min={0}
            max={Number(row.maxScore ?? 0)}
            precision={2}
            style={{ width: 120 }}
            value={props.score ?? undefined}
            onChange={(v) => onScore(v === undefined || v === null ? null : Number(v))}
          />
        </Space>
      )}
      {!onScore && row.score !== null && row.score !== undefined && <Tag color="green">{t('supplierQn.autoScore', { score: Number(row.score) })}</Tag>}
    </div>
  );
}
