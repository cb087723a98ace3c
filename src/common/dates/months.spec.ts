import { monthSpan } from './months';

describe('monthSpan', () => {
  it('gives the first and last day of the month, leap years included', () => {
    expect(monthSpan('2024-02-17')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(monthSpan('2023-02-01')).toEqual({ first: '2023-02-01', last: '2023-02-28' });
    expect(monthSpan('2021-12-31')).toEqual({ first: '2021-12-01', last: '2021-12-31' });
    expect(monthSpan('2021-04-30T00:00:00.000Z')).toEqual({ first: '2021-04-01', last: '2021-04-30' });
  });
});
