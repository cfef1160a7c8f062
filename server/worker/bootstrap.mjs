// Entry of every sandbox worker (server/worker/sandbox.ts). Plain JavaScript, so that it loads the same
// way whoever started the server: `npm start` and `npm run dev` run the server under tsx, the tests
// under Vitest, and a worker inherits neither loader. It registers tsx (a dependency, not a dev one)
// for this thread, imports the task's module and runs it once; the parent ends the thread afterwards.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();

/** An AppError (server/errors.ts) crosses back as its key and parameters; anything else as its name only. */
function wireError(err) {
  if (err && err.name === 'AppError') return { appError: { httpStatus: err.httpStatus, key: err.key, params: err.params, data: err.data ?? null } };
  return { failure: String((err && (err.code || err.name)) || 'Error') };
}

try {
  const mod = await import(workerData.module);
  const result = await mod[workerData.export](workerData.input);
  parentPort.postMessage({ ok: result });
} catch (err) {
  parentPort.postMessage(wireError(err));
}
