// Edit-page addon of the questionnaire pages: the supplier answers on 我的问卷 (draft, then submit; the
// server checks the required answers and scores choice and scale answers), the buyer reads the answers on
// 供应商问卷 and scores them (save, finish; or return with a reason). It stands in for the page's buttons
// of those operations; the page's own buttons stay for the rest (close, back).
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Input, Space, Typography } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../../runtime/env';
import type { EditAddonProps } from '../../../../runtime/registry/types';
import type { Row } from '../../../../runtime/data/dataProvider';
import { AnswerItem, type Draft } from './AnswerItem';

const QN = 'srmServer/v1/srmPosQuestionnaireRestful';
const ANSWER_OPS = ['doSaveAnswers', 'doSubmit'];
const SCORE_OPS = ['doScoreAnswers', 'doScore', 'doReturn'];
const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

const draftOf = (r: Row): Draft => ({
  text: r.answerText === null || r.answerText === undefined ? undefined : String(r.answerText),
  options: typeof r.answerOptions === 'string' && r.answerOptions ? r.answerOptions.split(',') : [],
  files: typeof r.answerFiles === 'string' ? r.answerFiles : undefined,
});

export function QuestionnairePanel({ page, record, reload, hideOperations }: EditAddonProps) {
  const env = useRuntimeEnv();
  const t = env.t;
  const answering = page.name === 'supplier/myQuestionnaireEdit';
  const scoringPage = page.name === 'supplier/questionnaireEdit';
  const status = String(record?.status ?? '');
  const rows = useMemo(() => ((record?.answers as Row[] | undefined) ?? []).slice().sort((a, b) => Number(a.lineNumber) - Number(b.lineNumber)), [record]);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [scores, setScores] = useState<Record<string, number | null>>({});
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => hideOperations(answering ? ANSWER_OPS : scoringPage ? SCORE_OPS : []), [answering, scoringPage, hideOperations]);
  useEffect(() => {
    setDrafts(Object.fromEntries(rows.map((r) => [String(r.answerId), draftOf(r)])));
    setScores(Object.fromEntries(rows.map((r) => [String(r.answerId), r.score === null || r.score === undefined ? null : Number(r.score)])));
  }, [rows]);
  if ((!answering && !scoringPage) || !record) return null;
  const id = record.questionnaireId;
  // Not gated on can(): the home card and the notice open this page without a menu (no button list); the
  // server allows the answer calls only to holders of 我的问卷's buttons, and only on their own questionnaire.
  const canAnswer = answering && status === 'SENT';
  const canScore = scoringPage && status === 'SUBMITTED' && env.can('btnScore');

  const run = async (steps: [string, Record<string, unknown>][], done: string) => {
    setBusy(true);
    try {
      for (const [op, body] of steps) await env.api(`${QN}/${op}`, { id, ...body });
      env.notify('success', t(done));
      await reload();
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const answers = () => rows.map((r) => ({ answerId: r.answerId, ...drafts[String(r.answerId)] }));
  const scoreList = () => rows.filter((r) => scores[String(r.answerId)] !== null).map((r) => ({ answerId: r.answerId, score: scores[String(r.answerId)] }));
  let section = '';
  return (
    <Card bordered style={{ marginBottom: 12 }} data-testid="qn-panel" data-status={status} title={t('supplierQn.answers')}>
      {rows.map((r) => {
        const key = String(r.answerId);
        const head = r.sectionName !== section ? String(r.sectionName ?? '') : null;
        section = String(r.sectionName ?? '');
        return (
          <div key={key}>
            {head && (
              <Typography.Title heading={6} style={{ marginTop: 12 }}>
                {head}
              </Typography.Title>
            )}
            <AnswerItem
              row={r}
              draft={drafts[key] ?? draftOf(r)}
              onDraft={canAnswer ? (d) => setDrafts((all) => ({ ...all, [key]: d })) : undefined}
              score={scores[key]}
              onScore={canScore ? (v) => setScores((all) => ({ ...all, [key]: v })) : undefined}
            />
          </div>
        );
      })}
      {canAnswer && (
        <Space style={{ marginTop: 12 }}>
          <Button data-testid="qn-save" loading={busy} onClick={() => void run([['doSaveAnswers', { answers: answers() }]], 'supplierQn.saved')}>
            {t('supplierQn.saveDraft')}
          </Button>
          <Button
            type="primary"
            data-testid="qn-submit"
            loading={busy}
            onClick={() =>
              void run(
                [
                  ['doSaveAnswers', { answers: answers() }],
                  ['doSubmit', {}],
                ],
                'supplierQn.submitted',
              )
            }
          >
            {t('actions.submit')}
          </Button>
        </Space>
      )}
      {canScore && (
        <Space style={{ marginTop: 12 }} wrap>
          <Button data-testid="qn-save-scores" loading={busy} onClick={() => void run([['doScoreAnswers', { scores: scoreList() }]], 'supplierQn.saved')}>
            {t('supplierQn.saveScores')}
          </Button>
          <Button
            type="primary"
            data-testid="qn-finish-scoring"
            loading={busy}
            onClick={() =>
              void run(
                [
                  ['doScoreAnswers', { scores: scoreList() }],
                  ['doScore', {}],
                ],
                'supplierQn.done',
              )
            }
          >
            {t('supplierQn.finishScoring')}
          </Button>
          <Input style={{ width: 280 }} data-testid="qn-return-reason" placeholder={t('supplierQn.reasonPlaceholder')} value={reason} onChange={setReason} />
          <Button status="warning" data-testid="qn-return" loading={busy} onClick={() => void run([['doReturn', { reason }]], 'supplierQn.done')}>
            {t('supplierQn.return')}
          </Button>
        </Space>
      )}
    </Card>
  );
}
