import { firstEmpty } from '../../record/initialFocus';
import { changedSaleFields, SALE_FOCUS_ORDER, saleFocusValues } from './saleCorrections';

const base = {
  storeID: 1,
  saleTypeID: 2,
  attributableToUserID: 3,
  saleDate: '2026-11-28',
  orderRef: '',
  notes: '',
  discountStoreID: null,
  discountPercent: null,
  line: null,
  analysis: { '7': 'Yes' } as Record<string, unknown>,
};

describe('changed sale fields', () => {
  it('names the body fields the user changed', () => {
    expect([...changedSaleFields(base, { ...base, orderRef: 'A-1' })]).toEqual(['orderRef']);
    expect([...changedSaleFields(base, { ...base, line: { rateCardLineStoreID: 9 } })]).toEqual(['rateCardLineStoreID']);
    expect([...changedSaleFields(base, { ...base, analysis: { '7': 'No' } })]).toEqual(['saleAnalysisValues.7']);
    expect([...changedSaleFields(base, { ...base })]).toEqual([]);
  });
});

describe('first empty sale field', () => {
  it('is the order reference of a new sale whose store, type, seller and date are filled', () => {
    expect(firstEmpty(SALE_FOCUS_ORDER, saleFocusValues(base))).toBe('orderRef');
  });
  it('is the sale type when none is chosen', () => {
    expect(firstEmpty(SALE_FOCUS_ORDER, saleFocusValues({ ...base, saleTypeID: null }))).toBe('saleTypeID');
  });
});
