// doRecognizeLicence (public, by the registration's link token; counted like the other writes): the
// registrant's business-licence scan — a file it uploaded to its own registration (doUploadCertificateFile,
// sniffed and size-limited there) — is read by the recognition service (licenceRecognition.ts) and the
// recognised company name, credit code, legal representative, address and licence expiry are answered as
// suggestions. Nothing is stored: the page shows them and the registrant chooses what to take. Every call is an
// interface-log row (appId OCR); a failure is refused in the page's language.
import type { AppContext } from '../../../../server/context.js';
import { refuse } from '../../../../server/errors.js';
import { ok } from '../../../../server/http/envelope.js';
import type { FilesApi } from '../../../files/api.js';
import { CERT_MAX_BYTES, REGISTER_ENTITY } from './certificateFiles.js';
import { licenceRecognizer } from './licenceRecognition.js';

const TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };

export async function recognizeLicence(app: AppContext, registerId: number, fileId: unknown) {
  const id = Number(fileId);
  if (!Number.isSafeInteger(id) || id <= 0) throw refuse('register.ocr.noFile');
  const recognizer = await licenceRecognizer(app);
  if (recognizer.target === null) throw refuse('register.ocr.notConfigured');
  // Only a file of this registration: a link cannot send anyone else's file to the service.
  const [found] = await app.modules.api<FilesApi>('files').bytesOfRecordFiles(app.db, REGISTER_ENTITY, registerId, [id], CERT_MAX_BYTES);
  if (!found) throw refuse('register.ocr.noFile');
  const ext = found.file.fileName.split('.').pop()?.toLowerCase() ?? '';
  const answer = await recognizer.recognize(found.bytes, TYPES[ext] ?? 'application/octet-stream');
  await app.modules.optionalService('callLogs')?.recordInterface(app.db, {
    appId: 'OCR',
    method: 'POST',
    path: `${recognizer.target} businessLicence register ${registerId} file ${id}`,
    httpStatus: answer.httpStatus,
    ok: answer.ok,
    message: answer.message,
    durationMs: answer.durationMs,
    userName: null,
  });
  if (!answer.ok || !answer.licence) throw refuse(`register.ocr.${answer.failure ?? 'down'}`);
  return ok({ suggestions: answer.licence });
}
