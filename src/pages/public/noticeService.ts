// The public notice pages' calls (no session: the login page's notices). Their endpoints belong to the
// module that keeps notices; it provides them in the service slot `publicNotices`, declared here.
import { service } from '../../../runtime/registry/services';
import { loadClientServices } from '../../app/clientServices';
import { http } from '../../app/http';

/** Unsigned calls, `{area}/v1/{family}/{action}` as `http.publicApi` takes them; answers in the request language. */
export interface PublicNoticeEndpoints {
  /** `{pageIndex, pageRows}` → published, public, valid notices in the visitor's language, newest first. */
  list: string;
  /** `{id}` → one of them with its (sanitised) content; any other id answers status E. */
  find: string;
}

declare module '../../../runtime/registry/services' {
  interface ServiceSlots {
    publicNotices: PublicNoticeEndpoints;
  }
}

export interface PublicNotice {
  noticeId: number;
  title: string;
  noticeType: string;
  languageCode: string;
  validFrom: string | null;
  validTo: string | null;
  publishDate: string | null;
  /** Only from `find`: server-sanitised HTML. */
  content?: string;
  attachmentCount?: number;
}

async function endpoints(): Promise<PublicNoticeEndpoints> {
  await loadClientServices();
  return service('publicNotices');
}

export async function listPublicNotices(pageIndex: number, pageRows: number): Promise<{ rows: PublicNotice[]; count: number }> {
  const a = await http.publicApi<PublicNotice[]>((await endpoints()).list, { pageIndex, pageRows });
  return { rows: a.data, count: a.page?.count ?? a.data.length };
}

export async function findPublicNotice(id: number): Promise<PublicNotice> {
  return (await http.publicApi<PublicNotice>((await endpoints()).find, { id })).data;
}
