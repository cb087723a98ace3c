import { calendarDate, findOrderRefs, findSaleDates, skuCandidates, tokenPosition, undoDigitConfusions } from './receipt-text';

describe('undoDigitConfusions', () => {
  it('reads O as 0 and I, l, | as 1 inside runs of digits', () => {
    expect(undoDigitConfusions('Date 12/O3/2O26')).toBe('Date 12/03/2026');
    expect(undoDigitConfusions('ref 1234l 5678I')).toBe('ref 12341 56781');
    expect(undoDigitConfusions('x 1|2')).toBe('x 112');
  });

  it('leaves words alone', () => {
    for (const text of ['ORDER REF', 'Gold plan', 'IO', 'lOl', 'SOLD 12', 'l.O']) expect(undoDigitConfusions(text)).toBe(text);
    // A run touching a letter is part of a word (a SKU such as ABO12).
    expect(undoDigitConfusions('ABO12 X12Ol')).toBe('ABO12 X12Ol');
  });

  it('keeps the length, so positions still hold', () => {
    const text = 'a 1O1O b 2OO1';
    expect(undoDigitConfusions(text)).toHaveLength(text.length);
  });
});

describe('findOrderRefs', () => {
  it('finds 20 digits in a row or in 4 groups of 5', () => {
    expect(findOrderRefs('Order 12345678901234567890')).toEqual(['12345678901234567890']);
    expect(findOrderRefs('REF: 12345 67890 24680 13579')).toEqual(['12345678902468013579']);
    expect(findOrderRefs('REF 98765-43210-11223-34455')).toEqual(['98765432101122334455']);
    expect(findOrderRefs('REF 98765 - 43210 - 11223 - 34455')).toEqual(['98765432101122334455']);
  });

  it('undoes digit confusions, keeps each once and in order', () => {
    const text = 'A 11111 22222 33333 4444O\nB 99999999999999999999\nagain 11111222223333344440';
    expect(findOrderRefs(text)).toEqual(['11111222223333344440', '99999999999999999999']);
  });

  it('never takes part of a longer number or a shorter one', () => {
    expect(findOrderRefs('123456789012345678901')).toEqual([]);
    expect(findOrderRefs('1234567890123456789')).toEqual([]);
    expect(findOrderRefs('12345 67890 1234 567890')).toEqual([]);
    expect(findOrderRefs('12345\n67890\n12345\n67890')).toEqual([]);
  });
});

describe('findSaleDates', () => {
  it('reads the day-first, ISO and month-name forms as yyyy-mm-dd', () => {
    expect(findSaleDates('Date: 12/03/2026')).toEqual(['2026-03-12']);
    expect(findSaleDates('12-03-2026')).toEqual(['2026-03-12']);
    expect(findSaleDates('28.02.26')).toEqual(['2026-02-28']);
    expect(findSaleDates('1/2/2026')).toEqual(['2026-02-01']);
    expect(findSaleDates('sold 2026-11-05 10:31')).toEqual(['2026-11-05']);
    expect(findSaleDates('12 Mar 2026')).toEqual(['2026-03-12']);
    expect(findSaleDates('12 March 2026')).toEqual(['2026-03-12']);
    expect(findSaleDates('3rd SEPT 2026, 1 june 2026, 09-Dec-2025')).toEqual(['2026-09-03', '2026-06-01', '2025-12-09']);
  });

  it('keeps real calendar dates only, each once, in order', () => {
    expect(findSaleDates('31/04/2026 29/02/2025 29/02/2024 13/13/2026 00/01/2026')).toEqual(['2024-02-29']);
    expect(findSaleDates('30 Feb 2026')).toEqual([]);
    expect(findSaleDates('5 Jan 2026 then 2026-01-05 and 01/12/2025')).toEqual(['2026-01-05', '2025-12-01']);
  });

  it('undoes digit confusions and ignores mixed separators and longer numbers', () => {
    expect(findSaleDates('Date l2/O3/2O26')).toEqual(['2026-03-12']);
    expect(findSaleDates('12/03-2026')).toEqual([]);
    expect(findSaleDates('112/03/20261')).toEqual([]);
    expect(findSaleDates('tel 0161 496 0000')).toEqual([]);
  });

  it('a yyyy-mm-dd date is not read again day first', () => {
    expect(findSaleDates('2026-03-12')).toEqual(['2026-03-12']);
  });
});

describe('calendarDate', () => {
  it('pads and checks', () => {
    expect(calendarDate(2026, 3, 9)).toBe('2026-03-09');
    expect(calendarDate(2026, 2, 29)).toBeNull();
    expect(calendarDate(1800, 1, 1)).toBeNull();
  });
});

describe('tokenPosition', () => {
  const text = 'ITEM XP-4410 handset\nPLAN: Gold Plus\nSIM XP-44100';

  it('finds a whole token ignoring case', () => {
    expect(tokenPosition(text, 'xp-4410')).toBe(5);
    expect(tokenPosition(text, 'GOLD')).toBe(27);
    expect(tokenPosition(text, 'gold plus')).toBe(27);
    expect(tokenPosition('a GOLD   PLUS b', 'Gold Plus')).toBe(2);
  });

  it('not inside a longer word or number', () => {
    expect(tokenPosition(text, 'XP-441')).toBe(-1);
    expect(tokenPosition(text, 'old')).toBe(-1);
    expect(tokenPosition(text, 'HAND')).toBe(-1);
    expect(tokenPosition(text, '')).toBe(-1);
  });

  it('takes regex characters literally', () => {
    expect(tokenPosition('a (B+) c', '(B+)')).toBe(2);
    expect(tokenPosition('a BB c', 'B+')).toBe(-1);
  });
});

describe('skuCandidates', () => {
  it('gives every whole-token piece up to the SKU length, lower-cased, with its first position', () => {
    const found = skuCandidates('ITEM XP-4410 Handset\nx XP-4410', 25);
    expect(found.get('xp-4410')).toBe(5);
    expect(found.get('item')).toBe(0);
    expect(found.get('item xp-4410 handset')).toBe(0);
    expect(found.get('xp')).toBe(5); // XP-4410 may be the SKU XP followed by '-4410'
    expect(found.has('4410')).toBe(true);
    expect(found.has('p-4410')).toBe(false);
    expect(found.has('xp-441')).toBe(false);
    expect(found.has('handset\nx')).toBe(false);
  });

  it('stops at characters a SKU cannot hold and at the length limit', () => {
    const found = skuCandidates('SKU: AB12, CD  34', 5);
    expect([...found.keys()]).toEqual(['sku', 'ab12', 'cd', 'cd 34', '34']);
  });

  it('every SKU tokenPosition finds is a candidate', () => {
    const text = 'Receipt\nA1 (B2) C-3/4 d.e #5 x&y  z+1';
    const candidates = skuCandidates(text, 25);
    for (const sku of ['A1', '(B2)', 'B2', 'C-3/4', 'C', 'd.e', 'x&y', 'x&y z+1', 'z+1', 'A1 (B2) C-3/4 d.e #5']) {
      expect(tokenPosition(text, sku)).toBeGreaterThanOrEqual(0);
      if (/^[A-Za-z0-9]/.test(sku)) expect(candidates.has(sku.toLowerCase())).toBe(true);
    }
  });
});
