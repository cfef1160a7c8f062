// Type cells with optionsFrom (runtime/grid/RemoteOptions.tsx): the server's records become the choices — the
// value from valueKey, the label from labelKey (else the value), the description keys joined; records without a
// value and repeated values are left out, and an answer that is not a list offers nothing.
import { describe, expect, it } from 'vitest';
import { remoteChoices, type OptionsFrom } from '../../../runtime/grid/RemoteOptions.js';

const from: OptionsFrom = {
  entity: 'srmPosSupplierChange',
  operation: 'listMyCertificates',
  valueKey: 'certName',
  descriptionKeys: ['certNumber', 'expiryDate'],
};

describe('remoteChoices', () => {
  it('maps records to value, label and description', () => {
    expect(
      remoteChoices(
        [
          { certName: 'RoHS test report', certNumber: 'R-1', expiryDate: '2027-09-30' },
          { certName: 'ISO 9001', certNumber: null, expiryDate: '2028-03-31' },
          { certName: '', certNumber: 'x' },
          { certName: 'RoHS test report', certNumber: 'R-2' },
        ],
        from,
      ),
    ).toEqual([
      { value: 'RoHS test report', label: 'RoHS test report', description: 'R-1 · 2027-09-30' },
      { value: 'ISO 9001', label: 'ISO 9001', description: '2028-03-31' },
    ]);
  });

  it('takes the label from labelKey; anything but a list offers nothing', () => {
    expect(remoteChoices([{ code: 'A', name: 'Alpha' }], { ...from, valueKey: 'code', labelKey: 'name', descriptionKeys: undefined })).toEqual([
      { value: 'A', label: 'Alpha', description: '' },
    ]);
    expect(remoteChoices({ certName: 'x' }, from)).toEqual([]);
    expect(remoteChoices(null, from)).toEqual([]);
  });
});
