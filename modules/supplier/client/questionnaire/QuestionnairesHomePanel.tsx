// The supplier home's card of questionnaires still to answer (qualification and surveys): each with its due
// date and a button to answer it (opened in 我的问卷's menu, whose buttons save and submit).
import type { HomePanelProps } from '../../../../runtime/registry/types';
import { OpenWorkCard } from '../OpenWorkCard';

export default function QuestionnairesHomePanel({ openInMenu }: HomePanelProps) {
  return (
    <OpenWorkCard
      list="srmServer/v1/srmPosQuestionnaireRestful/listByPage"
      name="questionnaires"
      item="questionnaire"
      prefix="supplierQn.home"
      rowKey="due"
      fields={{ key: 'questionnaireId', number: 'questionnaireNumber', date: 'dueDate' }}
      open={(r) => openInMenu('MY_QUESTIONNAIRE', 'supplier/myQuestionnaireEdit', { id: String(r.questionnaireId), mode: 'edit' })}
    />
  );
}
