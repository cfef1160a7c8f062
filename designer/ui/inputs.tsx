// Small inputs bound to a definition path: each edit goes through the editor (undo step, validation).
import { Input, InputNumber, Select, Switch } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { Text } from '../../runtime/definitions';
import type { Path } from '../model/path';
import { useEditor, useValue } from './EditorContext';
import { textObject, type TextObject } from './text';

const LANGS = ['CN', 'EN', 'TH', 'VN'] as const;

/**
 * Four inputs (CN, EN, TH, VN) for a definition Text; all empty removes the text. `inherited`: what shows
 * when it is removed (a column's field label), as the inputs' placeholders, so empty does not read as missing.
 */
export function TextInputs({ path, testId, compact = false, inherited }: { path: Path; testId: string; compact?: boolean; inherited?: Text }) {
  const { t } = useTranslation();
  const { set } = useEditor();
  const value = useValue<Text>(path);
  const current = textObject(value);
  const fallback = textObject(inherited);
  const change = (lang: keyof TextObject, text: string) => {
    const next = { ...current, [lang]: text };
    const empty = LANGS.every((l) => !next[l].trim());
    set(path, empty ? undefined : next, `${path.join('.')}:${lang}`);
  };
  // A text is all four languages or none: say at once which are still missing, next to them.
  const missing = LANGS.some((l) => current[l].trim()) ? LANGS.filter((l) => !current[l].trim()) : [];
  return (
    <div className={compact ? 'designer-text-inputs compact' : 'designer-text-inputs'} data-testid={testId}>
      {LANGS.map((lang) => (
        <Input
          key={lang}
          size="small"
          addBefore={lang}
          value={current[lang]}
          placeholder={fallback[lang] || undefined}
          status={missing.includes(lang) ? 'error' : undefined}
          onChange={(text) => change(lang, text)}
          data-testid={`${testId}-${lang}`}
        />
      ))}
      {missing.length > 0 && (
        <div className="designer-text-missing" role="alert" data-testid={`${testId}-missing`}>
          {t('designer.textMissing', { missing: missing.map((l) => t(`designer.languages.${l}`)).join(', ') })}
        </div>
      )}
    </div>
  );
}

export function TextField({ path, testId, placeholder, width }: { path: Path; testId: string; placeholder?: string; width?: number }) {
  const { set } = useEditor();
  const value = useValue<string>(path);
  return (
    <Input
      size="small"
      style={width ? { width } : undefined}
      value={value ?? ''}
      placeholder={placeholder}
      onChange={(text) => set(path, text === '' ? undefined : text, path.join('.'))}
      data-testid={testId}
    />
  );
}

export function NumberField(props: { path: Path; testId: string; min?: number; max?: number; precision?: number; width?: number; placeholder?: string }) {
  const { set } = useEditor();
  const value = useValue<number>(props.path);
  return (
    <InputNumber
      size="small"
      style={{ width: props.width ?? 96 }}
      value={typeof value === 'number' ? value : undefined}
      min={props.min}
      max={props.max}
      precision={props.precision}
      placeholder={props.placeholder}
      onChange={(n) => set(props.path, n === undefined || n === null || Number.isNaN(n) ? undefined : n, props.path.join('.'))}
      data-testid={props.testId}
    />
  );
}

/** A boolean key: on writes true, off removes the key unless `offValue` says what off means. */
export function SwitchField({ path, testId, offValue, defaultOn = false }: { path: Path; testId: string; offValue?: boolean; defaultOn?: boolean }) {
  const { set } = useEditor();
  const value = useValue<unknown>(path);
  const checked = value === undefined ? defaultOn : value === true;
  return (
    <Switch
      size="small"
      checked={checked}
      onChange={(on) => set(path, on ? (defaultOn ? undefined : true) : defaultOn ? false : offValue)}
      data-testid={testId}
    />
  );
}

export function SelectField<T extends string | number>(props: {
  path: Path;
  testId: string;
  options: readonly { value: T; label: string }[];
  allowClear?: boolean;
  width?: number;
  placeholder?: string;
  showSearch?: boolean;
}) {
  const { set } = useEditor();
  const value = useValue<T>(props.path);
  return (
    <Select
      size="small"
      style={{ width: props.width ?? 140 }}
      value={value}
      allowClear={props.allowClear ?? true}
      showSearch={props.showSearch}
      placeholder={props.placeholder}
      onChange={(v: T | undefined) => set(props.path, v)}
      data-testid={props.testId}
      options={props.options.map((o) => ({ value: o.value, label: o.label }))}
      getPopupContainer={() => document.body}
    />
  );
}
