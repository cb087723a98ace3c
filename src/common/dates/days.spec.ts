import { isCalendarDate, localDate, recordDate } from './days';

describe('rate card dates', () => {
  it("today is the configured time zone's day", () => {
    // 23:30 UTC on 9 April is already 10 April in London (summer time), still 9 April in UTC.
    expect(localDate('Europe/London', new Date('2025-04-09T23:30:00Z'))).toBe('2025-04-10');
    expect(localDate('UTC', new Date('2025-04-09T23:30:00Z'))).toBe('2025-04-09');
    // In winter London is UTC.
    expect(localDate('Europe/London', new Date('2025-01-09T23:30:00Z'))).toBe('2025-01-09');
    expect(localDate('America/New_York', new Date('2025-01-10T03:00:00Z'))).toBe('2025-01-09');
  });

  it('record dates and calendar checks', () => {
    expect(recordDate('2025-04-10')).toBe('2025-04-10T00:00:00.000Z');
    expect(recordDate(null)).toBeNull();
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-4-1')).toBe(false);
  });
});
