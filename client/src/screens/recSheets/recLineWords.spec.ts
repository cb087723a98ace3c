import { autoRecNotesText } from './recLineWords';

describe('rec sheet line notes in words', () => {
  it('names the linked sale by its date, not its id', () => {
    const row = { autoRecNotes: 'Reconciled automatically to sale 123', sale: { saleID: 123, saleDate: '2016-03-02T00:00:00.000Z' } };
    expect(autoRecNotesText(row)).toBe('Reconciled automatically to the sale of 02/03/2016');
  });

  it("keeps the rule that matched, and names a clawback's refund the same way", () => {
    const sale = { saleID: 123, saleDate: '2016-03-02' };
    expect(autoRecNotesText({ autoRecNotes: 'Reconciled automatically to sale 123 (sale date within 3 days)', sale })).toBe(
      'Reconciled automatically to the sale of 02/03/2016 (sale date within 3 days)',
    );
    expect(autoRecNotesText({ autoRecNotes: 'Clawback reconciled automatically to refund 123', sale })).toBe(
      'Clawback reconciled automatically to the refund of 02/03/2016',
    );
    expect(autoRecNotesText({ autoRecNotes: 'Clawback reconciled automatically to refund 9', sale: null })).toBe(
      'Clawback reconciled automatically to a refund',
    );
  });

  it("says 'a sale' when the sale is not joined (outside the user's stores, or since unlinked)", () => {
    expect(autoRecNotesText({ autoRecNotes: 'Unreconciled from sale 77', sale: null })).toBe('Unreconciled from a sale');
    expect(autoRecNotesText({ autoRecNotes: 'Reconciled automatically to sale 5', sale: { saleID: 6, saleDate: '2016-03-02' } })).toBe(
      'Reconciled automatically to a sale',
    );
  });

  it('keeps every other note as written', () => {
    expect(autoRecNotesText({ autoRecNotes: '2 sales match (exact match): reconcile by hand' })).toBe('2 sales match (exact match): reconcile by hand');
    expect(autoRecNotesText({ autoRecNotes: 'Clawback without a refund' })).toBe('Clawback without a refund');
    expect(autoRecNotesText({ autoRecNotes: null })).toBe('');
  });
});
