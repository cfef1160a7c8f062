// What a questionnaire's move means for the project that sent it: the qualification shows its score, the
// survey's line its answer state and score.
import type { Db } from '../../../../server/db/connect.js';
import { sup } from './engine.js';

export async function questionnaireMoved(db: Db, questionnaireId: number): Promise<void> {
  const q = await sup(db)
    .selectFrom('srm_pos_questionnaire')
    .select(['qualification_id', 'survey_id', 'status', 'total_score'])
    .where('questionnaire_id', '=', questionnaireId)
    .executeTakeFirstOrThrow();
  if (q.qualification_id !== null) {
    await sup(db)
      .updateTable('srm_pos_qualification')
      .set({ questionnaire_score: q.status === 'SCORED' ? q.total_score : null })
      .where('qualification_id', '=', q.qualification_id)
      .execute();
  }
  if (q.survey_id !== null) {
    await sup(db)
      .updateTable('srm_pos_survey_target')
      .set({ answer_status: q.status, score: q.status === 'SCORED' ? q.total_score : null })
      .where('questionnaire_id', '=', questionnaireId)
      .execute();
  }
}
