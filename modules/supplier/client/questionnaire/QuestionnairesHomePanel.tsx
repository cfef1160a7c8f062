// The supplier home's card of questionnaires still to answer (qualification and surveys): each with its due
// date and a button to answer it.
import { useRuntimeEnv } from '../../../../runtime/env';
import { OpenWorkCard } from '../OpenWorkCard';

export default function QuestionnairesHomePanel() {
  const env = useRuntimeEnv();
  return (
    <OpenWorkCard
      list="srmServer/v1/srmPosQuestionnaireRestful/listByPage"
      name="questionnaires"
      item="questionnaire"
      prefix="supplierQn.home"
      rowKey="due"
      fields={{ key: 'questionnaireId', number: 'questionnaireNumber', date: 'dueDate' }}
      open={(r) => env.navigate(`/main/supplier/myQuestionnaireEdit?id=${String(r.questionnaireId)}&mode=edit`)}
    />
  );
}
