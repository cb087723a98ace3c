import { as, Client, createAnalysisField, createStore, createUser, expectFailure, expectStatus, listIDs, login, Row, TestUser, unique } from '../support/api';
import { refusedOn } from '../support/refusals';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * Analysis fields (spec 02 sections 2.6, 3 and 5; docs/http-api.md, "Analysis field"): the
 * input-type rules enforced by the server, the anchored regex and its default, list item
 * codes unique and unchangeable, and GET /api/analysisFieldStores with its store scope.
 */

let t: TestApp;
let admin: Client;
let storeA: Row;
let storeB: Row;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  storeA = await createStore(admin, { name: 'Field A' });
  storeB = await createStore(admin, { name: 'Field B', storeTypeID: storeA.storeTypeID });
});
afterAll(() => t?.close());

const read = async (id: number): Promise<Row> => expectStatus(await admin.get(`/api/analysisFields?analysisFieldID=${id}`), 200).body.data;

describe("the input-type rules are the server's (400 naming the field)", () => {
  const items = [{ code: 'A' }, { code: 'B' }];
  const cases: Array<[string, Row, string[]]> = [
    ['a regex on a single field', { inputType: 'single', regex: '\\d+' }, ['regex']],
    ['a regex on a multi field', { inputType: 'multi', regex: '\\d+' }, ['regex']],
    ['a default on a single field', { inputType: 'single', defaultValue: 'A' }, ['defaultValue']],
    ['a default on a multi field', { inputType: 'multi', defaultValue: 'A' }, ['defaultValue']],
    ['list items on a text field', { inputType: 'text', analysisListItems: items }, ['analysisListItems']],
    ['auto-fill on a multi field', { inputType: 'multi', autoFillFrom: 'rateCardLineBandName' }, ['autoFillFrom']],
    ['auto-fill on a text field', { inputType: 'text', autoFillFrom: 'rateCardLineDescriptionContains' }, ['autoFillFrom']],
    ['revenue targets on a multi field', { inputType: 'multi', targetRevenue: true }, ['targetRevenue']],
    ['quantity targets on a text field', { inputType: 'text', targetQuantity: true }, ['targetQuantity']],
    [
      'everything wrong at once on a multi field',
      { inputType: 'multi', regex: 'x', defaultValue: 'x', autoFillFrom: 'rateCardLineBandName', targetRevenue: true, targetQuantity: true },
      ['regex', 'defaultValue', 'autoFillFrom', 'targetRevenue', 'targetQuantity'],
    ],
    ['an unknown input type', { inputType: 'dropdown' }, ['inputType']],
    ['no input type', { inputType: undefined }, ['inputType']],
    ['an unknown auto-fill source', { inputType: 'single', autoFillFrom: 'skuName' }, ['autoFillFrom']],
  ];

  it.each(cases)('%s: POST and PUT are refused, nothing written', async (_what, body, fields) => {
    await refusedOn(t, fields, () => admin.post('/api/analysisField', { name: 'Rule breaker', ...body }));
    const field = await createAnalysisField(admin, { inputType: 'single' });
    await refusedOn(t, fields, () => admin.put(`/api/analysisField/${field.analysisFieldID}`, { name: field.name, ...body }));
    expect(await read(field.analysisFieldID)).toEqual(field);
  });

  it.each([
    ['text with regex, default and required', { inputType: 'text', regex: '\\d{3}', defaultValue: '123', required: true }],
    [
      'single with items, auto-fill and both targets',
      { inputType: 'single', analysisListItems: items, autoFillFrom: 'rateCardLineBandName', targetRevenue: true, targetQuantity: true },
    ],
    ['multi with items', { inputType: 'multi', analysisListItems: items }],
    // What the dialog sends for hidden inputs: empty values are fine for any type.
    [
      'multi with the hidden inputs empty',
      { inputType: 'multi', regex: '', defaultValue: '', autoFillFrom: null, targetRevenue: false, targetQuantity: false },
    ],
    ['text with no list items', { inputType: 'text', analysisListItems: [] }],
  ])('%s is accepted', async (_what, body) => {
    expectStatus(await admin.post('/api/analysisField', { name: unique('Rule keeper'), ...body }), 201);
  });

  it('changing the input type clears what no longer applies when it is not sent', async () => {
    const text = await createAnalysisField(admin, { inputType: 'text', regex: '\\d+', defaultValue: '1' });
    const single = expectStatus(await admin.put(`/api/analysisField/${text.analysisFieldID}`, { name: text.name, inputType: 'single' }), 200).body.data;
    expect(single).toEqual(expect.objectContaining({ regex: null, defaultValue: null }));

    const targeted = await createAnalysisField(admin, {
      inputType: 'single',
      autoFillFrom: 'rateCardLineBandName',
      targetRevenue: true,
      targetQuantity: true,
      analysisListItems: [{ code: 'A' }],
    });
    const multi = expectStatus(await admin.put(`/api/analysisField/${targeted.analysisFieldID}`, { name: targeted.name, inputType: 'multi' }), 200).body.data;
    expect(multi).toEqual(expect.objectContaining({ autoFillFrom: null, targetRevenue: false, targetQuantity: false }));
    expect(multi.analysisListItems.map((i: Row) => i.code)).toEqual(['A']);
    const asText = expectStatus(await admin.put(`/api/analysisField/${targeted.analysisFieldID}`, { name: targeted.name, inputType: 'text' }), 200).body.data;
    expect(asText.analysisListItems).toEqual([]);
  });

  it('a PUT that leaves the text settings out keeps them', async () => {
    const field = await createAnalysisField(admin, { inputType: 'text', regex: '[A-Z]+', defaultValue: 'ABC', required: true });
    const kept = expectStatus(await admin.put(`/api/analysisField/${field.analysisFieldID}`, { name: 'Kept', inputType: 'text' }), 200).body.data;
    expect(kept).toEqual(expect.objectContaining({ regex: '^[A-Z]+$', defaultValue: 'ABC', required: true }));
  });
});

describe('the regex of a text field', () => {
  const text = (regex: unknown, extra: Row = {}) => admin.post('/api/analysisField', { name: unique('Regex field'), inputType: 'text', regex, ...extra });

  it.each([
    ['\\d{15}', '^\\d{15}$'],
    ['^\\d{15}', '^\\d{15}$'],
    ['\\d{15}$', '^\\d{15}$'],
    ['Yes|No', '^(?:Yes|No)$'],
    ['cost \\$', '^cost \\$$'],
  ])('%s is stored anchored as %s', async (regex, stored) => {
    expect(expectStatus(await text(regex), 201).body.data.regex).toBe(stored);
  });

  it('an anchored regex is not wrapped again, on create nor when saved back as read', async () => {
    const created = expectStatus(await text('^\\d{15}$'), 201).body.data;
    expect(created.regex).toBe('^\\d{15}$');
    const again = expectStatus(
      await admin.put(`/api/analysisField/${created.analysisFieldID}`, { name: created.name, inputType: 'text', regex: created.regex }),
      200,
    );
    expect(again.body.data.regex).toBe('^\\d{15}$');
    const grouped = expectStatus(await text('A|B'), 201).body.data;
    const regrouped = await admin.put(`/api/analysisField/${grouped.analysisFieldID}`, { name: grouped.name, inputType: 'text', regex: grouped.regex });
    expect(expectStatus(regrouped, 200).body.data.regex).toBe('^(?:A|B)$');
  });

  // `abc\` and `a|b)(c` would compile once anchored (`^abc\$`, `^(?:a|b)(c)$`), meaning something else: what was typed is checked.
  it.each(['(abc', '[a-z', 'a{2,1}', '*x', '(?<n>a)(?<n>b)', 'abc\\', 'a|b)(c'])('%s does not compile: a 400 on regex, nothing written', async (regex) => {
    const failure = await refusedOn(t, ['regex'], () => text(regex));
    expect(failure.failMessages.regex).toMatch(/not valid/i);
  });

  it('an empty regex means none', async () => {
    expect(expectStatus(await text(''), 201).body.data.regex).toBeNull();
    expect(expectStatus(await text(null), 201).body.data.regex).toBeNull();
  });

  it('the default value must match the anchored regex', async () => {
    await refusedOn(t, ['defaultValue'], () => text('\\d{15}', { defaultValue: '12345' }));
    // Matching inside is not enough: the regex is anchored.
    await refusedOn(t, ['defaultValue'], () => text('\\d{3}', { defaultValue: 'x123x' }));
    expect(expectStatus(await text('\\d{3}', { defaultValue: '123' }), 201).body.data.defaultValue).toBe('123');
  });

  it('a new default is checked against the stored regex, and a new regex against the stored default', async () => {
    const field = expectStatus(await text('\\d{3}', { defaultValue: '123' }), 201).body.data;
    const put = (body: Row) => admin.put(`/api/analysisField/${field.analysisFieldID}`, { name: field.name, inputType: 'text', ...body });
    await refusedOn(t, ['defaultValue'], () => put({ defaultValue: 'abc' }));
    await refusedOn(t, ['defaultValue'], () => put({ regex: '[a-z]+' }));
    expect(await read(field.analysisFieldID)).toEqual(field);
  });

  it('a regex that backtracks catastrophically on its default is refused quickly, not run for ever', async () => {
    const started = Date.now();
    const failure = await refusedOn(t, ['regex'], () => text('(a+)+', { defaultValue: `${'a'.repeat(40)}b` }));
    expect(failure.failMessages.regex).toMatch(/too long/i);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a regex over 200 characters is a 400', async () => {
    await refusedOn(t, ['regex'], () => text('a'.repeat(201)));
  });
});

describe('list item codes', () => {
  const single = (analysisListItems: Row[]) => admin.post('/api/analysisField', { name: unique('Coded'), inputType: 'single', analysisListItems });

  it('are unique within a field, ignoring case: "Code already exists" on the later item', async () => {
    const failure = await refusedOn(t, ['analysisListItems.2.code'], () => single([{ code: 'Yes' }, { code: 'No' }, { code: 'yes' }]));
    expect(failure.failMessages['analysisListItems.2.code']).toBe('Code already exists');
  });

  it('differ by more than case alone on both engines: Cafe and Café are two codes', async () => {
    const res = expectStatus(await single([{ code: 'Cafe' }, { code: 'Café' }]), 201);
    expect(res.body.data.analysisListItems.map((i: Row) => i.code)).toEqual(['Cafe', 'Café']);
  });

  it('may repeat across fields', async () => {
    await createAnalysisField(admin, { analysisListItems: [{ code: 'Shared' }] });
    expectStatus(await single([{ code: 'Shared' }]), 201);
  });

  it('an added item may not take the code of an item the field has', async () => {
    const field = await createAnalysisField(admin, { analysisListItems: [{ code: 'Yes' }, { code: 'No' }] });
    const [yes, no] = field.analysisListItems;
    const failure = await refusedOn(t, ['analysisListItems.2.code'], () =>
      admin.put(`/api/analysisField/${field.analysisFieldID}`, { name: field.name, inputType: 'single', analysisListItems: [yes, no, { code: 'YES' }] }),
    );
    expect(failure.failMessages['analysisListItems.2.code']).toBe('Code already exists');
    expect(await read(field.analysisFieldID)).toEqual(field);
  });

  it('cannot be changed once created (400 on the item code), but the rest of the item can', async () => {
    const field = await createAnalysisField(admin, { analysisListItems: [{ code: 'Yes', description: 'Sold' }, { code: 'No' }] });
    const [yes, no] = field.analysisListItems;
    const put = (analysisListItems: Row[]) =>
      admin.put(`/api/analysisField/${field.analysisFieldID}`, { name: field.name, inputType: 'single', analysisListItems });
    await refusedOn(t, ['analysisListItems.0.code'], () => put([{ ...yes, code: 'Y' }, no]));
    await refusedOn(t, ['analysisListItems.1.code'], () => put([yes, { ...no, code: 'NO' }]));
    expect(await read(field.analysisFieldID)).toEqual(field);

    const edited = expectStatus(await put([{ ...yes, description: 'Insurance sold', enableTargets: true, dailyReportAs: 'Insured' }, no]), 200).body.data;
    expect(edited.analysisListItems[0]).toEqual({
      analysisListItemID: yes.analysisListItemID,
      analysisFieldID: field.analysisFieldID,
      code: 'Yes',
      description: 'Insurance sold',
      enableTargets: true,
      dailyReportAs: 'Insured',
    });
  });

  it('an item id of another field is a 400 on that item', async () => {
    const other = await createAnalysisField(admin, { analysisListItems: [{ code: 'Other' }] });
    const field = await createAnalysisField(admin, { analysisListItems: [{ code: 'Mine' }] });
    await refusedOn(t, ['analysisListItems.1.analysisListItemID'], () =>
      admin.put(`/api/analysisField/${field.analysisFieldID}`, {
        name: field.name,
        inputType: 'single',
        analysisListItems: [field.analysisListItems[0], other.analysisListItems[0]],
      }),
    );
  });

  it('kept items keep their ids; left-out items go; new ones are added; a PUT without items keeps them', async () => {
    const field = await createAnalysisField(admin, { analysisListItems: [{ code: 'A' }, { code: 'B' }, { code: 'C' }] });
    const [a, , c] = field.analysisListItems;
    const put = (body: Row) => admin.put(`/api/analysisField/${field.analysisFieldID}`, { name: field.name, inputType: 'single', ...body });
    const saved = expectStatus(await put({ analysisListItems: [a, c, { code: 'D', analysisListItemID: 0 }] }), 200).body.data;
    expect(saved.analysisListItems.map((i: Row) => i.code)).toEqual(['A', 'C', 'D']);
    expect(saved.analysisListItems[0].analysisListItemID).toBe(a.analysisListItemID);
    expect(saved.analysisListItems[1].analysisListItemID).toBe(c.analysisListItemID);
    expect(expectStatus(await put({}), 200).body.data.analysisListItems).toEqual(saved.analysisListItems);
  });

  it('carry their analysisFieldID (spec 02 section 3); sent back as read it is ignored, the saved field decides', async () => {
    const field = await createAnalysisField(admin, { analysisListItems: [{ code: 'Yes' }, { code: 'No' }] });
    expect(field.analysisListItems.map((i: Row) => i.analysisFieldID)).toEqual([field.analysisFieldID, field.analysisFieldID]);
    const copy = expectStatus(
      await admin.post('/api/analysisField', { name: 'Copied items', inputType: 'single', analysisListItems: field.analysisListItems }),
      201,
    ).body.data;
    expect(copy.analysisListItems.map((i: Row) => [i.code, i.analysisFieldID])).toEqual([
      ['Yes', copy.analysisFieldID],
      ['No', copy.analysisFieldID],
    ]);
    const [yes] = field.analysisListItems;
    const saved = expectStatus(
      await admin.put(`/api/analysisField/${field.analysisFieldID}`, {
        name: field.name,
        inputType: 'single',
        analysisListItems: [{ ...yes, analysisFieldID: copy.analysisFieldID, description: 'Sold' }],
      }),
      200,
    ).body.data;
    expect(saved.analysisListItems).toEqual([{ ...yes, description: 'Sold' }]);
    expect(await read(copy.analysisFieldID)).toEqual(copy);
  });

  it('item ids are ignored on create, so a copied field gets items of its own', async () => {
    const source = await createAnalysisField(admin, { analysisListItems: [{ code: 'Yes' }, { code: 'No' }] });
    const copy = expectStatus(
      await admin.post('/api/analysisField', { name: 'Copy', inputType: 'single', analysisFieldID: 0, analysisListItems: source.analysisListItems }),
      201,
    ).body.data;
    expect(copy.analysisListItems.map((i: Row) => i.code)).toEqual(['Yes', 'No']);
    const sourceIDs = source.analysisListItems.map((i: Row) => i.analysisListItemID);
    for (const item of copy.analysisListItems) expect(sourceIDs).not.toContain(item.analysisListItemID);
    expect(await read(source.analysisFieldID)).toEqual(source);
  });

  it.each([
    ['a comma', { code: 'A, B' }],
    ['an empty code', { code: '' }],
    ['no code', { description: 'x' }],
    ['a 51-character code', { code: 'c'.repeat(51) }],
    ['a number', { code: 5 }],
    ['an unknown field', { code: 'A', analysisFieldName: 'x' }],
    ['enableTargets as text', { code: 'A', enableTargets: 'yes' }],
    ['a negative id', { code: 'A', analysisListItemID: -1 }],
  ])('an item with %s is a 400 on that item, nothing written', async (_what, item) => {
    const before = await t.tableCounts();
    const keys = Object.keys(expectFailure(await single([{ code: 'Fine' }, item])).failMessages);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).toMatch(/^analysisListItems\.1\./);
    expect(await t.tableCounts()).toEqual(before);
  });
});

describe('GET /api/analysisFieldStores', () => {
  let fieldAB: Row;
  let fieldB: Row;
  let userA: TestUser;

  beforeAll(async () => {
    fieldAB = await createAnalysisField(admin, {
      name: 'Stores AB',
      analysisListItems: [{ code: 'One' }, { code: 'Two' }],
      storeIDs: [storeA.storeID, storeB.storeID],
    });
    fieldB = await createAnalysisField(admin, { name: 'Stores B', inputType: 'text', storeIDs: [storeB.storeID] });
    userA = await createUser(t.http, admin, { areas: [], storeIDs: [storeA.storeID] });
  });

  const linkOf = (field: Row, storeID: number) => field.analysisFieldStores.find((s: Row) => s.storeID === storeID);
  const ids = async (api: Client, query: string) => listIDs(expectStatus(await api.get(`/api/analysisFieldStores?pageLength=500&${query}`), 200)).sort();

  it('lists the field-store links, filtered by storeID and analysisFieldID', async () => {
    const fieldIDs = `analysisFieldID=${fieldAB.analysisFieldID},${fieldB.analysisFieldID}`;
    expect(await ids(admin, `${fieldIDs}&storeID=${storeB.storeID}`)).toEqual(
      [linkOf(fieldAB, storeB.storeID).analysisFieldStoreID, linkOf(fieldB, storeB.storeID).analysisFieldStoreID].sort(),
    );
    expect(await ids(admin, `analysisFieldID=${fieldAB.analysisFieldID}`)).toEqual(
      [linkOf(fieldAB, storeA.storeID).analysisFieldStoreID, linkOf(fieldAB, storeB.storeID).analysisFieldStoreID].sort(),
    );
  });

  it('with fkJoins=analysisField,analysisField.analysisListItems each row carries its field and items (the targets grid)', async () => {
    const res = expectStatus(
      await userA.api.get(`/api/analysisFieldStores?storeID=${storeA.storeID}&fkJoins=analysisField,analysisField.analysisListItems&pageLength=500`),
      200,
    );
    const row = res.body.listData.find((r: Row) => r.analysisFieldID === fieldAB.analysisFieldID);
    expect(row).toEqual({
      analysisFieldStoreID: linkOf(fieldAB, storeA.storeID).analysisFieldStoreID,
      analysisFieldID: fieldAB.analysisFieldID,
      analysisFieldName: 'Stores AB',
      analysisFieldLabel: 'Stores AB',
      inputType: 'single',
      storeID: storeA.storeID,
      storeName: storeA.name,
      analysisField: expect.objectContaining({
        analysisFieldID: fieldAB.analysisFieldID,
        inputType: 'single',
        analysisListItems: fieldAB.analysisListItems,
      }),
    });
    const plainRow = expectStatus(await userA.api.get(`/api/analysisFieldStores?analysisFieldStoreID=${row.analysisFieldStoreID}`), 200).body.data;
    expect(plainRow).not.toHaveProperty('analysisField');
  });

  it('is limited to the stores of the access profile: outside is not listed, and a 404 by id', async () => {
    expect(await ids(userA.api, `analysisFieldID=${fieldAB.analysisFieldID},${fieldB.analysisFieldID}`)).toEqual([
      linkOf(fieldAB, storeA.storeID).analysisFieldStoreID,
    ]);
    expectFailure(await userA.api.get(`/api/analysisFieldStores?analysisFieldStoreID=${linkOf(fieldB, storeB.storeID).analysisFieldStoreID}`), 404);
    const setup = await createUser(t.http, admin, { areas: ['SystemSetup'], storeIDs: [storeA.storeID] });
    expect(await ids(setup.api, `analysisFieldID=${fieldB.analysisFieldID}`)).toEqual([linkOf(fieldB, storeB.storeID).analysisFieldStoreID]);
  });

  it('follows the field: stores removed from the field leave the list', async () => {
    const field = await createAnalysisField(admin, { storeIDs: [storeA.storeID, storeB.storeID] });
    expectStatus(await admin.put(`/api/analysisField/${field.analysisFieldID}`, { name: field.name, inputType: 'single', storeIDs: [storeB.storeID] }), 200);
    expect(await ids(admin, `analysisFieldID=${field.analysisFieldID}`)).toEqual([linkOf(field, storeB.storeID).analysisFieldStoreID]);
  });

  it('stores that do not exist are a 400 on storeIDs', async () => {
    await refusedOn(t, ['storeIDs'], () => admin.post('/api/analysisField', { name: 'Ghost', inputType: 'text', storeIDs: [987654] }));
  });

  it('unknown filters and joins are a 400', async () => {
    expectFailure(await admin.get('/api/analysisFieldStores?code=Yes'));
    expectFailure(await admin.get('/api/analysisFieldStores?fkJoins=analysisField.metrics'));
  });
});

describe('concurrent saves of one field', () => {
  // Codes are unique in code, not by an index (docs/decisions.md): saves of one field must take
  // turns, or both would pass the check. Several rounds, as a race does not show every time.
  const rounds = [1, 2, 3, 4, 5];
  const addItem = (field: Row, code: string) =>
    admin.put(`/api/analysisField/${field.analysisFieldID}`, {
      name: field.name,
      inputType: 'single',
      analysisListItems: [...field.analysisListItems, { code }],
    });
  const codesOf = async (field: Row) => (await read(field.analysisFieldID)).analysisListItems.map((i: Row) => i.code);

  it.each(rounds)('round %i: two saves adding one code in two cases at once: exactly one succeeds, the other gets "Code already exists"', async () => {
    const field = await createAnalysisField(admin, { analysisListItems: [{ code: 'Kept' }] });
    const answers = await Promise.all([addItem(field, 'Extra'), addItem(field, 'EXTRA')]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
    const refused = answers.find((res) => res.status === 400)!;
    expect(expectFailure(refused).failMessages).toEqual({ 'analysisListItems.1.code': 'Code already exists' });
    expect((await codesOf(field)).map((code: string) => code.toLowerCase())).toEqual(['kept', 'extra']);
  });

  it.each(rounds)('round %i: two saves adding the same code at once: both succeed (the second keeps the item), the field has it once', async () => {
    const field = await createAnalysisField(admin, { analysisListItems: [{ code: 'Kept' }] });
    const answers = await Promise.all([addItem(field, 'Extra'), addItem(field, 'Extra')]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect(await codesOf(field)).toEqual(['Kept', 'Extra']);
  });
});
