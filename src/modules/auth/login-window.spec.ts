import { localHourAndDay, loginWindowRefusal } from './login-window';

// Saturday 21 November 2026, 10:30 in London (GMT in winter).
const saturdayMorning = new Date('2026-11-21T10:30:00Z');
const SATURDAY = 1 << 6;
const SUNDAY = 1 << 0;

describe('login window', () => {
  it('reads hour and weekday in the configured time zone', () => {
    expect(localHourAndDay(saturdayMorning, 'Europe/London')).toEqual({ hour: 10, day: 6 });
    expect(localHourAndDay(new Date('2026-07-04T23:30:00Z'), 'Europe/London')).toEqual({ hour: 0, day: 0 });
  });

  it('allows every day and hour with the defaults', () => {
    expect(loginWindowRefusal({ fromHour: 0, toHour: 24, days: 0 }, saturdayMorning, 'Europe/London')).toBeNull();
  });

  it('refuses before fromHour and from toHour on', () => {
    expect(loginWindowRefusal({ fromHour: 11, toHour: 24, days: 0 }, saturdayMorning, 'Europe/London')).toMatch(/between 11:00 and 24:00/);
    expect(loginWindowRefusal({ fromHour: 0, toHour: 10, days: 0 }, saturdayMorning, 'Europe/London')).not.toBeNull();
    expect(loginWindowRefusal({ fromHour: 10, toHour: 11, days: 0 }, saturdayMorning, 'Europe/London')).toBeNull();
  });

  it('uses Sunday as bit 0 through Saturday as bit 6', () => {
    expect(loginWindowRefusal({ fromHour: 0, toHour: 24, days: SATURDAY }, saturdayMorning, 'Europe/London')).toBeNull();
    expect(loginWindowRefusal({ fromHour: 0, toHour: 24, days: SUNDAY }, saturdayMorning, 'Europe/London')).toMatch(/day of the week/);
  });
});
