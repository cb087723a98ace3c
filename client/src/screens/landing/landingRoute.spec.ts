import { dayOfMonth, earliestMonth, landingRedirect, shiftMonth } from './landingRoute';

const me = { userID: 7, salesMonthsBack: 0 };
const TODAY = '2026-11-26';
const OWN = '/landing/0/2026-11-26/7';

describe('landing address rules (spec 01 section 2)', () => {
  it('keeps a good address: today, a past month-end, several users, any numeric tab', () => {
    expect(landingRedirect({ tab: '0', date: TODAY, userID: '7' }, me, TODAY)).toBeNull();
    expect(landingRedirect({ tab: '12', date: '2026-10-31', userID: '7,8,9' }, me, TODAY)).toBeNull();
    expect(landingRedirect({ tab: '1', date: '2024-02-29', userID: '3' }, me, TODAY)).toBeNull();
  });

  it.each([
    ['userID 0', { tab: '0', date: TODAY, userID: '0' }],
    ['a non-numeric tab', { tab: 'cards', date: TODAY, userID: '7' }],
    ['a malformed date', { tab: '0', date: '26-11-2026', userID: '7' }],
    ['a date that does not exist', { tab: '0', date: '2026-02-30', userID: '7' }],
    ['a current-month date that is not today', { tab: '0', date: '2026-11-03', userID: '7' }],
    ['a future date', { tab: '0', date: '2026-12-31', userID: '7' }],
    ['users not a comma list of digits', { tab: '0', date: TODAY, userID: '7;8' }],
    ['an empty user', { tab: '0', date: TODAY, userID: '7,' }],
  ])('sends %s to the own page for today', (_why, params) => {
    expect(landingRedirect(params, me, TODAY)).toBe(OWN);
  });

  it('sends a date before the months back to today, only when there is a limit', () => {
    const limited = { userID: 7, salesMonthsBack: 3 };
    expect(landingRedirect({ tab: '0', date: '2026-07-31', userID: '7' }, limited, TODAY)).toBe(OWN);
    expect(landingRedirect({ tab: '0', date: '2026-08-31', userID: '7' }, limited, TODAY)).toBeNull();
    expect(landingRedirect({ tab: '0', date: '2016-08-31', userID: '7' }, me, TODAY)).toBeNull();
    expect(earliestMonth(TODAY, 3)).toBe('2026-08-01');
  });

  it('a month shows today when it is this month, else its last day', () => {
    expect(dayOfMonth('2026-11', TODAY)).toBe(TODAY);
    expect(dayOfMonth('2024-02', TODAY)).toBe('2024-02-29');
    expect(shiftMonth('2026-01-31', -1)).toBe('2025-12');
  });
});
