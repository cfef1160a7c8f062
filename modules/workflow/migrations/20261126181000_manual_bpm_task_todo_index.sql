-- The to-do list (findTodoTasks: a user's OPEN tasks, newest first) read straight from one index instead of
-- walking every task backwards by id (tests/bench/workflow.bench.ts: 50,000 open tasks, 2,000 of one user).
-- Entities declare single-column indexes only, so this composite one is written by hand.
create index if not exists bpm_task_todo_ix on bpm_task (assignee_id, state, task_id);
