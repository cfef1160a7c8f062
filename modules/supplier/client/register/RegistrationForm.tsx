import { Alert, Button, DatePicker, Divider, Form, Grid, Input, Select, Space } from '@arco-design/web-react';
import { IconDelete, IconPlus, IconSafe } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCaptcha, type Captcha } from '../../../../src/app/auth';
import { registerCategories, saveRegistration, type CategoryOption, type Registration, type SaveAnswer } from './calls';
import { useDuplicateCheck } from './useDuplicateCheck';
import { CertificateFiles } from './CertificateFiles';
import { LicenceRecognition, type LicenceChoice } from './LicenceRecognition';

const { Row, Col } = Grid;

export interface FormValues extends Registration {
  validateCode?: string;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** What goes on the wire: trimmed text, no empty lines (an untouched blank bank or certificate row). */
function toRegistration(v: FormValues): Registration {
  const s = (x: unknown) => (typeof x === 'string' ? x.trim() : '');
  return {
    companyName: s(v.companyName),
    creditCode: s(v.creditCode),
    contactName: s(v.contactName),
    email: s(v.email),
    phone: s(v.phone),
    address: s(v.address),
    legalRepresentative: s(v.legalRepresentative),
    categoryIds: v.categoryIds ?? [],
    bankAccounts: (v.bankAccounts ?? [])
      .filter((b) => b && !(blank(b.bankName) && blank(b.accountName) && blank(b.accountNumber)))
      .map((b) => ({ bankName: s(b.bankName), accountName: s(b.accountName), accountNumber: s(b.accountNumber), currencyCode: s(b.currencyCode) || null })),
    certificates: (v.certificates ?? [])
      .filter((c) => c && !(blank(c.certName) && blank(c.certNumber) && blank(c.expiryDate)))
      .map((c) => ({
        certName: s(c.certName),
        certNumber: s(c.certNumber) || null,
        expiryDate: s(c.expiryDate),
        attachmentIds: (c.attachments ?? []).map((a) => a.id).join(',') || null,
        attachments: c.attachments ?? [],
      })),
  };
}

/**
 * The registration form of /register and /registerInfoEdit: save as draft or submit, each with a fresh
 * verification image (the server spends it whatever the outcome). A refusal keeps everything typed and
 * shows the server's message in the page's language.
 */
export function RegistrationForm({
  initial,
  token,
  onSaved,
}: {
  initial?: Registration;
  token?: string;
  onSaved: (a: SaveAnswer, sent: Registration) => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [categories, setCategories] = useState<CategoryOption[]>([]);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const [name, setName] = useState(initial?.companyName ?? '');
  const [code, setCode] = useState(initial?.creditCode ?? '');
  const submitting = useRef(false);
  const duplicates = useDuplicateCheck(name, code, token, i18n.language);

  const refresh = useCallback(async () => {
    form.setFieldValue('validateCode', '');
    try {
      setCaptcha(await fetchCaptcha());
    } catch (e) {
      setError(errorText(e));
    }
  }, [form]);

  useEffect(() => {
    void refresh();
    registerCategories()
      .then(setCategories)
      .catch((e: unknown) => setError(errorText(e)));
  }, [refresh]);

  /** Required for a submission only: a draft needs just a company name and an e-mail address. */
  const onSubmitRequired = {
    validator: (v: unknown, cb: (m?: string) => void) => (submitting.current && blank(v) ? cb(t('shell.common.required')) : cb()),
  };

  const save = async (submit: boolean) => {
    submitting.current = submit;
    setError(null);
    try {
      await form.validate();
    } catch {
      return;
    }
    const v = form.getFieldsValue() as FormValues;
    setBusy(submit ? 'submit' : 'draft');
    try {
      const sent = toRegistration(v);
      const answer = await saveRegistration(submit, sent, { validateKey: captcha?.validateKey ?? '', validateCode: (v.validateCode ?? '').trim() }, token);
      onSaved(answer, sent);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null);
      void refresh();
    }
  };

  /** The suggestions the registrant ticked: into the fields, the expiry onto the business-licence line with its scan. */
  const applyLicence = ({ values, scan }: LicenceChoice) => {
    const { licenceExpiry, ...fields } = values;
    for (const [k, v] of Object.entries(fields)) form.setFieldValue(k as keyof FormValues, v as never);
    if (fields.companyName !== undefined) setName(fields.companyName);
    if (fields.creditCode !== undefined) setCode(fields.creditCode);
    if (!licenceExpiry) return;
    const licenceName = t('shell.register.ocrLicenceCert');
    const certs = [...((form.getFieldValue('certificates') as FormValues['certificates'] | undefined) ?? [])];
    // The line already named as the licence, else the first untouched one (no name, date or file), else a new line.
    let i = certs.findIndex((c) => c?.certName?.trim() === licenceName);
    if (i < 0) i = certs.findIndex((c) => !c || (blank(c.certName) && blank(c.expiryDate) && blank(c.attachments)));
    if (i < 0) i = certs.push({ certName: '', expiryDate: '' }) - 1;
    const line = certs[i] ?? { certName: '', expiryDate: '' };
    const attachments = [...(line.attachments ?? []).filter((a) => a.id !== scan.id), scan];
    certs[i] = { ...line, certName: line.certName?.trim() ? line.certName : licenceName, expiryDate: licenceExpiry, attachments };
    form.setFieldValue('certificates', certs);
  };

  const dupHelp = (field: 'companyName' | 'creditCode') =>
    duplicates[field] ? { validateStatus: 'error' as const, help: <span data-testid={`register-dup-${field}`}>{duplicates[field]}</span> } : {};

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={{ bankAccounts: [{}], certificates: [{}], categoryIds: [], ...initial } as FormValues}
      onValuesChange={(changed) => {
        if ('companyName' in changed) setName(String(changed.companyName ?? ''));
        if ('creditCode' in changed) setCode(String(changed.creditCode ?? ''));
      }}
    >
      {error && (
        <div data-testid="register-error">
          <Alert type="error" content={error} style={{ marginBottom: 12 }} />
        </div>
      )}
      <Divider orientation="left">{t('shell.register.sectionCompany')}</Divider>
      <LicenceRecognition
        token={token}
        current={(f) => {
          if (f !== 'licenceExpiry') return String(form.getFieldValue(f) ?? '');
          const name = t('shell.register.ocrLicenceCert');
          const certs = (form.getFieldValue('certificates') as FormValues['certificates'] | undefined) ?? [];
          return String(certs.find((c) => c?.certName?.trim() === name)?.expiryDate ?? '');
        }}
        onApply={applyLicence}
        onError={setError}
      />
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            field="companyName"
            label={t('shell.register.companyName')}
            rules={[{ required: true, message: t('shell.common.required') }]}
            {...dupHelp('companyName')}
          >
            <Input data-testid="register-company" maxLength={200} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item field="creditCode" label={t('shell.register.creditCode')} rules={[onSubmitRequired]} {...dupHelp('creditCode')}>
            <Input data-testid="register-credit" maxLength={40} placeholder={t('shell.register.creditCodeHint')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item field="contactName" label={t('shell.register.contactName')} rules={[onSubmitRequired]}>
            <Input data-testid="register-contact" maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            field="email"
            label={t('shell.forget.email')}
            extra={t('shell.register.emailHint')}
            rules={[{ required: true, type: 'email', message: t('shell.forget.emailInvalid') }]}
          >
            <Input data-testid="register-email" maxLength={200} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item field="phone" label={t('shell.register.phone')}>
            <Input data-testid="register-phone" maxLength={40} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item field="legalRepresentative" label={t('shell.register.legalRepresentative')}>
            <Input data-testid="register-legal-rep" maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item field="address" label={t('shell.register.address')}>
            <Input data-testid="register-address" maxLength={300} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item field="categoryIds" label={t('shell.register.categories')} rules={[onSubmitRequired]}>
            <Select
              mode="multiple"
              data-testid="register-categories"
              placeholder={t('shell.register.categoriesHint')}
              options={categories.map((c) => ({ label: `${c.categoryCode} ${c.categoryName}`, value: c.categoryId }))}
              allowClear
            />
          </Form.Item>
        </Col>
      </Row>

      <Divider orientation="left">{t('shell.register.sectionBank')}</Divider>
      <Form.List field="bankAccounts">
        {(fields, { add, remove }) => (
          <div data-testid="register-banks">
            {fields.map((f, i) => (
              <Row gutter={12} key={f.key}>
                <Col span={7}>
                  <Form.Item field={`${f.field}.bankName`} label={t('shell.register.bankName')} rules={[onSubmitRequired]}>
                    <Input data-testid={`register-bank-name-${i}`} maxLength={200} />
                  </Form.Item>
                </Col>
                <Col span={7}>
                  <Form.Item field={`${f.field}.accountName`} label={t('shell.register.accountName')} rules={[onSubmitRequired]}>
                    <Input data-testid={`register-bank-account-name-${i}`} maxLength={200} />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item field={`${f.field}.accountNumber`} label={t('shell.register.accountNumber')} rules={[onSubmitRequired]}>
                    <Input data-testid={`register-bank-number-${i}`} maxLength={60} />
                  </Form.Item>
                </Col>
                <Col span={3}>
                  <Form.Item field={`${f.field}.currencyCode`} label={t('shell.register.currency')}>
                    <Input data-testid={`register-bank-currency-${i}`} maxLength={3} placeholder="CNY" />
                  </Form.Item>
                </Col>
                <RemoveLine onRemove={() => remove(i)} />
              </Row>
            ))}
            <Button type="dashed" icon={<IconPlus />} onClick={() => add({})} data-testid="register-bank-add">
              {t('shell.register.addBank')}
            </Button>
          </div>
        )}
      </Form.List>

      <Divider orientation="left">{t('shell.register.sectionCert')}</Divider>
      <p className="srm-muted">{t(token ? 'shell.register.certUpload' : 'shell.register.certUploadAfterDraft')}</p>
      <Form.List field="certificates">
        {(fields, { add, remove }) => (
          <div data-testid="register-certs">
            {fields.map((f, i) => (
              <Row gutter={12} key={f.key}>
                <Col span={9}>
                  <Form.Item field={`${f.field}.certName`} label={t('shell.register.certName')} rules={[onSubmitRequired]}>
                    <Input data-testid={`register-cert-name-${i}`} maxLength={200} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item field={`${f.field}.certNumber`} label={t('shell.register.certNumber')}>
                    <Input data-testid={`register-cert-number-${i}`} maxLength={100} />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item field={`${f.field}.expiryDate`} label={t('shell.register.expiryDate')} rules={[onSubmitRequired]}>
                    <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" data-testid={`register-cert-expiry-${i}`} />
                  </Form.Item>
                </Col>
                <RemoveLine onRemove={() => remove(i)} />
                <Col span={24} style={{ marginTop: -8, marginBottom: 8 }}>
                  <Form.Item field={`${f.field}.attachments`} noStyle>
                    <CertificateFiles token={token} index={i} onError={setError} />
                  </Form.Item>
                </Col>
              </Row>
            ))}
            <Button type="dashed" icon={<IconPlus />} onClick={() => add({})} data-testid="register-cert-add">
              {t('shell.register.addCert')}
            </Button>
          </div>
        )}
      </Form.List>

      <Divider />
      <div className="srm-captcha-row">
        <Form.Item field="validateCode" label={t('shell.login.captcha')} rules={[{ required: true, message: t('shell.login.captchaRequired') }]}>
          <Input prefix={<IconSafe />} data-testid="register-captcha" autoComplete="off" placeholder={t('shell.login.captchaPlaceholder')} />
        </Form.Item>
        {captcha && (
          <button type="button" className="srm-captcha-image" title={t('shell.login.captchaRefresh')} onClick={() => void refresh()}>
            <img src={captcha.image} alt={t('shell.login.captchaAlt')} data-testid="register-captcha-image" />
          </button>
        )}
      </div>
      <Space>
        <Button loading={busy === 'draft'} disabled={busy !== null} onClick={() => void save(false)} data-testid="register-draft">
          {t('shell.register.saveDraft')}
        </Button>
        <Button type="primary" loading={busy === 'submit'} disabled={busy !== null} onClick={() => void save(true)} data-testid="register-submit">
          {t('shell.register.submit')}
        </Button>
      </Space>
    </Form>
  );
}

/** The delete button at the end of a bank-account or certificate line. */
function RemoveLine({ onRemove }: { onRemove(): void }) {
  const { t } = useTranslation();
  return (
    <Col span={1}>
      <Button icon={<IconDelete />} type="text" status="danger" style={{ marginTop: 29 }} aria-label={t('shell.register.removeLine')} onClick={onRemove} />
    </Col>
  );
}
