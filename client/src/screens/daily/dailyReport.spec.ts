import {
  DATE_IN_FUTURE,
  type DailyReportField,
  dayRefusal,
  isDay,
  mailtoLink,
  readSendSettings,
  reportText,
  resolveDailyReportRoute,
  savedMetricIDs,
  shownMetricIDs,
  whatsAppLink,
} from './dailyReport';

const TODAY = '2019-03-20';

describe('resolveDailyReportRoute (spec 02 §2.2)', () => {
  it('keeps a store of the profile or all, and a real day', () => {
    expect(resolveDailyReportRoute(['3', '2019-03-04'], [3, 5], 5, TODAY)).toEqual({ storeID: 3, saleDate: '2019-03-04', canonical: true });
    expect(resolveDailyReportRoute(['all', '2019-03-04'], [3, 5], 5, TODAY)).toEqual({ storeID: 'all', saleDate: '2019-03-04', canonical: true });
  });

  it("defaults to the user's store, else the first permitted, else all; and today", () => {
    expect(resolveDailyReportRoute([], [3, 5], 5, TODAY)).toEqual({ storeID: 5, saleDate: TODAY, canonical: false });
    expect(resolveDailyReportRoute(['9'], [3, 5], 7, TODAY)).toEqual({ storeID: 3, saleDate: TODAY, canonical: false });
    expect(resolveDailyReportRoute(['x', '2019-02-30'], [], null, TODAY)).toEqual({ storeID: 'all', saleDate: TODAY, canonical: false });
    expect(resolveDailyReportRoute(['3', '2019-03-04', 'more'], [3], null, TODAY).canonical).toBe(false);
  });

  it('keeps a day in the future (the screen says so) and refuses it, and days before the months back', () => {
    expect(resolveDailyReportRoute(['3', '2019-04-01'], [3], 3, TODAY)).toMatchObject({ saleDate: '2019-04-01', canonical: true });
    expect(dayRefusal('2019-04-01', TODAY, 0)).toBe(DATE_IN_FUTURE);
    expect(dayRefusal('2018-12-31', TODAY, 2)).toBe('2 months max restriction');
    expect(dayRefusal('2019-01-01', TODAY, 2)).toBeNull();
    expect(dayRefusal('2019-01-01', TODAY, 0)).toBeNull();
    expect(dayRefusal(TODAY, TODAY, 2)).toBeNull();
  });

  it('isDay takes real yyyy-mm-dd days only', () => {
    expect(isDay('2020-02-29')).toBe(true);
    expect(isDay('2019-02-29')).toBe(false);
    expect(isDay('2019-3-1')).toBe(false);
    expect(isDay(undefined)).toBe(false);
  });
});

describe('drhMetrics', () => {
  const metrics = [
    { metricID: 1, name: 'A', metricType: 'integer' as const, showInTables: true },
    { metricID: 2, name: 'B', metricType: 'percent' as const, showInTables: false },
    { metricID: 3, name: 'C', metricType: 'money' as const, showInTables: true },
  ];

  it('reads the ids the preference names, in its order, among existing metrics', () => {
    expect(savedMetricIDs('3, 2,9,x,3', metrics)).toEqual([3, 2]);
    expect(savedMetricIDs(null, metrics)).toEqual([]);
  });

  it('shows every table metric when the preference names none', () => {
    expect(shownMetricIDs('', metrics)).toEqual([1, 3]);
    expect(shownMetricIDs('99', metrics)).toEqual([1, 3]);
    expect(shownMetricIDs('2', metrics)).toEqual([2]);
  });
});

describe('the message', () => {
  const fields: DailyReportField[] = [
    { analysisFieldID: 1, label: 'Handset band', groups: [{ name: 'Handsets', quantity: 1234, revenue: 56789.5 }] },
    { analysisFieldID: 2, label: 'Insurance sold?', groups: [{ name: 'Insurance', quantity: -1, revenue: -20 }] },
  ];

  it('lists each field with its headings, revenue only when asked, then the metrics', () => {
    const metrics = [
      { name: 'Conversion', result: 0.256, metricType: 'percent' as const },
      { name: 'Hidden', result: null },
    ];
    expect(reportText(fields, { storeName: 'Leeds', saleDate: '2019-03-04', withRevenue: true, metrics })).toBe(
      [
        'Daily report: Leeds, Mon 04/03/2019',
        '',
        'Handset band',
        'Handsets: 1,234 (£56,789.50)',
        '',
        'Insurance sold?',
        'Insurance: -1 (-£20.00)',
        '',
        'Metrics',
        'Conversion: 25.6%',
        'Hidden: —',
      ].join('\n'),
    );
    expect(reportText(fields, { storeName: 'Leeds', saleDate: '2019-03-04', withRevenue: false })).not.toContain('£');
    expect(reportText([], { storeName: 'Leeds', saleDate: '2019-03-04', withRevenue: false })).toContain(
      'No analysis fields at this store are configured for daily reporting...',
    );
  });

  it('makes mailto: and WhatsApp links with the text encoded', () => {
    expect(mailtoLink('a@example.com; b@example.com ', 'Daily report: A & B', 'Line 1\nLine 2')).toBe(
      'mailto:a@example.com,b@example.com?subject=Daily%20report%3A%20A%20%26%20B&body=Line%201%0D%0ALine%202',
    );
    expect(whatsAppLink('+44 7700 900123', 'Hi & bye')).toBe('https://wa.me/447700900123?text=Hi%20%26%20bye');
    expect(whatsAppLink('', 'x')).toBe('https://wa.me/?text=x');
  });

  it('reads saved send settings, each bad one at its default', () => {
    expect(readSendSettings('{"via":"whatsapp","to":"a@example.com","phone":"447","includeMetrics":false}')).toEqual({
      via: 'whatsapp',
      to: 'a@example.com',
      phone: '447',
      includeMetrics: false,
    });
    expect(readSendSettings('not json')).toEqual({ via: 'email', to: '', phone: '', includeMetrics: true });
    expect(readSendSettings('{"via":"fax","to":3}')).toEqual({ via: 'email', to: '', phone: '', includeMetrics: true });
  });
});
