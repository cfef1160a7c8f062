// A material picker for a change order's new line: the material family's listByPage with the documented
// `keyword` filter (what a reference field's candidates use), shown as "code name".
import { useEffect, useRef, useState } from 'react';
import { Select } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import { errorText } from './orderApi';

const MATERIAL = 'srmServer/v1/srmBaseMaterialRestful';
type Material = { materialId: number; materialCode: string; materialName: string };

export function MaterialSelect({ value, onChange, testId }: { value?: number; onChange(v: number | undefined): void; testId: string }) {
  const env = useRuntimeEnv();
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const [loading, setLoading] = useState(false);
  const asked = useRef(0);
  const search = async (keyword: string) => {
    const n = ++asked.current;
    setLoading(true);
    try {
      const rows = (await env.api<Material[]>(`${MATERIAL}/listByPage`, { params: keyword ? { keyword } : {}, pageRows: 20 })).data ?? [];
      // Only the latest search's answer is shown (typing fires several).
      if (n === asked.current) setOptions(rows.map((m) => ({ value: m.materialId, label: `${m.materialCode} ${m.materialName}` })));
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      if (n === asked.current) setLoading(false);
    }
  };
  useEffect(() => {
    void search('');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first candidates, once
  }, []);
  return (
    <Select
      data-testid={testId}
      showSearch
      allowClear
      filterOption={false}
      loading={loading}
      placeholder={env.t('placeholder.search')}
      value={value}
      options={options}
      onSearch={(k) => void search(k)}
      onChange={(v: number | undefined) => onChange(v)}
    />
  );
}
