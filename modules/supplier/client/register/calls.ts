// The public supplier-registration calls (CONTRACT.md "Supplier lifecycle", docs/suppliers.md): no
// session; the registrant's link token stands for an account until the registration is approved.
import { http } from '../../../../src/app/http';

const REG = 'srmServer/v1/srmPosSupplierRegisterRestful';

export interface BankAccount {
  bankName: string;
  accountName: string;
  accountNumber: string;
  currencyCode?: string | null;
}

/** A certificate file as the public page knows it (it cannot list files through the files module). */
export interface CertFile {
  id: number;
  fileName: string;
  fileSize: number;
}

export interface Certificate {
  certName: string;
  certNumber?: string | null;
  expiryDate: string;
  /** Comma-separated file ids of this registration's uploads; the server keeps only its own. */
  attachmentIds?: string | null;
  /** Names and sizes of those files (read back by the link; the server ignores this on save). */
  attachments?: CertFile[];
}

export interface Registration {
  companyName: string;
  creditCode?: string;
  contactName?: string;
  email: string;
  phone?: string;
  address?: string;
  legalRepresentative?: string;
  categoryIds: number[];
  bankAccounts: BankAccount[];
  certificates: Certificate[];
}

export type RegisterStatus = 'DRAFT' | 'SUBMITTED' | 'APPROVED' | 'REJECTED' | 'WITHDRAWN';

export interface StoredRegistration extends Registration {
  registerId: number;
  status: RegisterStatus;
  rejectReason: string | null;
}

export interface SaveAnswer {
  registerId: number;
  status: RegisterStatus;
  token: string;
  mailed: boolean;
}

export interface Duplicate {
  exists: boolean;
  field?: 'companyName' | 'creditCode';
  message?: string;
}

export interface CategoryOption {
  categoryId: number;
  categoryCode: string;
  categoryName: string;
}

export interface Verification {
  validateKey: string;
  validateCode: string;
}

const call = async <T>(action: string, body: object): Promise<T> => (await http.publicApi<T>(`${REG}/${action}`, body)).data;

export const registerCategories = () => call<CategoryOption[]>('getRegisterCategories', {});

export const checkDuplicate = (companyName: string, creditCode: string, token?: string) =>
  call<Duplicate>('validationRepeatByName', { companyName, creditCode, ...(token ? { token } : {}) });

/** Save as draft (`submit` false) or submit; a token changes that registration instead of creating one. */
export const saveRegistration = (submit: boolean, r: Registration, v: Verification, token?: string) =>
  call<SaveAnswer>(submit ? 'doRegister' : 'doSaveDraft', { ...r, ...v, ...(token ? { token } : {}) });

export const readRegistration = (token: string) => call<StoredRegistration>('getRegisterInfoByToken', { token });

/** Uploads certificate scans by the registration's link (a draft must have been saved); multipart, unsigned. */
export async function uploadCertificateFiles(token: string, files: File[]): Promise<CertFile[]> {
  const form = new FormData();
  form.append('token', token);
  for (const f of files) form.append('files', f, f.name);
  return (await http.upload<CertFile[]>(`${REG}/doUploadCertificateFile`, form)).data;
}

export const withdrawRegistration = (token: string) => call<{ registerId: number; status: 'WITHDRAWN' }>('doWithdrawRegister', { token });

/** What the recognition service read from a business-licence scan (docs/suppliers.md "Licence recognition"). */
export interface LicenceSuggestions {
  companyName: string;
  creditCode: string;
  legalRepresentative: string;
  address: string;
  /** YYYY-MM-DD, or empty when the licence has no end date. */
  licenceExpiry: string;
}

/** Reads the registration's own uploaded licence scan `fileId`; suggestions only, nothing is stored. */
export const recognizeLicence = (token: string, fileId: number) => call<{ suggestions: LicenceSuggestions }>('doRecognizeLicence', { token, fileId });
