import { prefillSheet, templateMappingsOf, type SheetHeaders, type UploadField } from './uploadMapping';

const FIELDS: UploadField[] = [
  { field: 'saleDate', label: 'Sale date', required: true, aliases: ['Txn date'] },
  { field: 'orderRef', label: 'Order number', required: true, aliases: ['Order no'] },
  { field: 'revenue', label: 'Revenue', required: true, aliases: ['Net revenue'] },
];

describe('supplier templates in the upload mapping', () => {
  it('a template keeps each mapped header by its normalised name; unmapped headers are left out', () => {
    const sheet: SheetHeaders = {
      worksheet: 'March',
      headers: [
        { col: 1, header: 'Posted' },
        { col: 2, header: 'Deal ID' },
        { col: 3, header: 'Notes' },
        { col: 4, header: 'Pay-out' },
      ],
    };
    expect(templateMappingsOf(sheet, { saleDate: 1, orderRef: 2, revenue: 4 })).toEqual({ posted: 'saleDate', 'deal id': 'orderRef', 'pay out': 'revenue' });
  });

  it('applied to a file with the columns moved, it finds them by name; aliases fill what it does not name', () => {
    const template = { posted: 'saleDate', 'deal id': 'orderRef' };
    const moved: SheetHeaders = {
      worksheet: 'April',
      headers: [
        { col: 1, header: 'Net Revenue' },
        { col: 2, header: 'DEAL ID' },
        { col: 3, header: 'posted' },
      ],
    };
    expect(prefillSheet(moved, FIELDS, template)).toEqual({ saleDate: 3, orderRef: 2, revenue: 1 });
  });
});
