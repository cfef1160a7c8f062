import { Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { Id, Responsibility } from '../app/session';

interface Props {
  responsibilities: readonly Responsibility[];
  respId: Id | null;
  onChange(respId: Id): void;
}

export function RespSwitcher({ responsibilities, respId, onChange }: Props) {
  const { t } = useTranslation();
  if (responsibilities.length === 0) return null;
  return (
    <Select
      className="srm-resp-switch"
      data-testid="resp-switch"
      aria-label={t('shell.header.responsibility')}
      value={respId === null ? undefined : String(respId)}
      placeholder={t('shell.header.responsibility')}
      onChange={(value: string) => {
        const chosen = responsibilities.find((r) => String(r.respId) === value);
        if (chosen) onChange(chosen.respId);
      }}
      triggerProps={{ autoAlignPopupWidth: false, autoAlignPopupMinWidth: true }}
      bordered={false}
    >
      {responsibilities.map((r) => (
        <Select.Option key={String(r.respId)} value={String(r.respId)} data-testid={`resp-${r.respId}`}>
          {r.respName}
        </Select.Option>
      ))}
    </Select>
  );
}
