// Saves the rows edited in place in a list grid (isEdit) through the family's doBatchSaveOrUpdate:
// only the edited rows, checked first with the grid's own cell rules, all or nothing on the server.
import { ApiError } from '../env.js';
import { editProblems } from '../grid/rowEdits.js';
import type { ActionDef } from '../registry/types.js';
import { stripDisplay } from './stripDisplay.js';

interface RowRefusal {
  rowIndex?: unknown;
  rowMessage?: unknown;
}

export const saveRows: ActionDef = {
  whenUnsaved: () => 'keep',
  async run(ctx) {
    const { env } = ctx;
    if (!ctx.provider) throw new Error(env.t('messages.noApi'));
    const edits = ctx.edits;
    if (!edits || edits.rows.length === 0) return env.notify('warning', env.t('messages.nothingToSave'));
    const problems = editProblems(edits.grid, ctx.entity, edits.rows, edits.rowNumberOf, env);
    if (problems.length > 0) {
      edits.reveal?.();
      return env.notify('error', problems.slice(0, 3).join('；'));
    }
    try {
      await ctx.provider.call('doBatchSaveOrUpdate', { data: edits.rows.map((e) => stripDisplay(e.row, ctx)) });
    } catch (e) {
      // The server names the record by its place in what was sent; say which grid row that is.
      const refusal = e instanceof ApiError ? (e.envelope?.data as RowRefusal | null | undefined) : undefined;
      const edit = typeof refusal?.rowIndex === 'number' ? edits.rows[refusal.rowIndex] : undefined;
      if (edit && typeof refusal?.rowMessage === 'string') {
        throw new Error(env.t('grid.rowRefused', { row: edits.rowNumberOf(edit.index), message: refusal.rowMessage }), { cause: e });
      }
      throw e;
    }
    env.notify('success', env.t('messages.saved'));
    return ctx.reload();
  },
};
