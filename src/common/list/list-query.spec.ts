import type { ListDefinition } from './list-definition';
import { parseListQuery } from './list-query';

const definition = {
  entity: class Thing {},
  alias: 'thing',
  idField: 'thingID',
  label: 'thing',
  fields: {
    thingID: { column: 'thing.thingID', type: 'integer' },
    name: { column: 'thing.name', type: 'text', quick: true },
    sku: { column: 'thing.sku', type: 'text', maxLength: 25 },
    active: { column: 'thing.active', type: 'boolean' },
    fromDate: { column: 'thing.fromDate', type: 'date' },
    price: { column: 'thing.price', type: 'number', sortable: false },
  },
  fkJoins: ['parts', 'parts.kind'],
  defaultSort: { field: 'name', dir: 'ASC' },
} as unknown as ListDefinition<{ thingID: number }>;

const fails = (query: Record<string, unknown>) => {
  try {
    parseListQuery(definition, query);
  } catch (error) {
    return (error as { getResponse(): { validationResult: { failMessages: Record<string, string> } } }).getResponse().validationResult.failMessages;
  }
  throw new Error('expected a 400');
};

describe('parseListQuery', () => {
  it('defaults to page 0 of 10 in the declared sort', () => {
    expect(parseListQuery(definition, {})).toMatchObject({ page: 0, pageLength: 10, sort: 'name', sortDir: 'ASC', filters: [] });
  });

  it('accepts every page length up to 500 and refuses more', () => {
    for (const n of ['1', '10', '25', '50', '100', '500']) expect(parseListQuery(definition, { pageLength: n }).pageLength).toBe(Number(n));
    expect(fails({ pageLength: '501' })).toHaveProperty('pageLength');
    expect(fails({ pageLength: '100000' })).toHaveProperty('pageLength');
    expect(fails({ page: '-1' })).toHaveProperty('page');
  });

  it('reads suffixed filters with typed values', () => {
    const q = parseListQuery(definition, { thingID: '1,2', nameLower: 'ABC', fromDateGEQ: '2026-01-01', priceLEQ: '9.99', activeNot: 'true', sku: 'X1' });
    expect(q.filters).toEqual(
      expect.arrayContaining([
        { field: 'thingID', param: 'thingID', op: 'eq', values: [1, 2] },
        { field: 'name', param: 'nameLower', op: 'lower', values: ['abc'] },
        { field: 'fromDate', param: 'fromDateGEQ', op: 'geq', values: ['2026-01-01'] },
        { field: 'price', param: 'priceLEQ', op: 'leq', values: [9.99] },
        { field: 'active', param: 'activeNot', op: 'not', values: [1] },
      ]),
    );
  });

  it('refuses names the definition does not declare and values of the wrong shape', () => {
    expect(fails({ password: 'x' })).toHaveProperty('password', 'Unknown parameter');
    expect(fails({ sort: 'name; drop table thing' })).toHaveProperty('sort');
    expect(fails({ sort: 'price' })).toHaveProperty('sort');
    expect(fails({ sortDir: 'sideways' })).toHaveProperty('sortDir');
    expect(fails({ thingID: '1 OR 1=1' })).toHaveProperty('thingID');
    expect(fails({ fromDate: '21/11/2026' })).toHaveProperty('fromDate');
    expect(fails({ fromDate: '2026-02-30x' })).toHaveProperty('fromDate');
    expect(fails({ thingIDLower: '1' })).toHaveProperty('thingIDLower');
    expect(fails({ nameGEQ: 'a' })).toHaveProperty('nameGEQ');
    expect(fails({ sku: 'x'.repeat(26) })).toHaveProperty('sku');
    expect(fails({ fkJoins: 'secrets' })).toHaveProperty('fkJoins');
    expect(fails({ name: ['a', 'b'] })).toHaveProperty('name');
  });

  it('keeps declared joins, nested ones included', () => {
    expect(parseListQuery(definition, { fkJoins: 'parts,parts.kind' }).fkJoins).toEqual(['parts', 'parts.kind']);
  });
});
