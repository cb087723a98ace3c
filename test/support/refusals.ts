import type { Test } from 'supertest';
import { Client, expectFailure, expectStatus, Row } from './api';
import type { TestApp } from './test-app';

/**
 * The bad-input checks every resource shares (ARCHITECTURE.md: bad input is a 400 with a
 * validationResult, never a 500, and writes nothing), written once for every API test file.
 */

/** Numbers no field accepts: beyond any column, or past what a double holds exactly. */
export const BIG = [1e30, 2 ** 53, Number.MAX_SAFE_INTEGER + 2];
export const bigValues = (field: string): Array<[string, unknown]> => BIG.map((n) => [field, n]);

/** Sends the request, expects the contract's failure, and checks that no table changed. */
export async function refused(t: TestApp, request: () => Test | Promise<unknown>, status = 400): Promise<Row> {
  const before = await t.tableCounts();
  const result = expectFailure((await request()) as never, status);
  expect(await t.tableCounts()).toEqual(before);
  return result;
}

/** Expects a 400 whose failMessages name exactly `fields`, with nothing written. */
export async function refusedOn(t: TestApp, fields: string[], request: () => Promise<unknown>): Promise<Row> {
  const failure = await refused(t, request);
  expect(Object.keys(failure.failMessages).sort()).toEqual([...fields].sort());
  return failure;
}

/** Wrong types, unknown fields and bad text that every resource's name must refuse. */
export const COMMON_BAD_BODIES: Array<[string, (body: Row) => Row]> = [
  ['a number for the name', (b) => ({ ...b, name: 123 })],
  ['an array for the name', (b) => ({ ...b, name: ['x'] })],
  ['an object for the name', (b) => ({ ...b, name: { first: 'x' } })],
  ['null for the name', (b) => ({ ...b, name: null })],
  ['an empty name', (b) => ({ ...b, name: '' })],
  ['a name of spaces', (b) => ({ ...b, name: '    ' })],
  ['no name', ({ name: _name, ...b }) => b],
  ['a 101-character name', (b) => ({ ...b, name: 'n'.repeat(101) })],
  ['a 100 000-character name', (b) => ({ ...b, name: 'n'.repeat(100_000) })],
  // Saved as U+FFFD (not what was sent), or invalid XML in the Excel exports.
  ['a name with half a surrogate pair', (b) => ({ ...b, name: 'Half \ud83d pair' })],
  ['a name with a control character', (b) => ({ ...b, name: 'Bell\u0007 or NUL\u0000' })],
  ['an unknown field', (b) => ({ ...b, colour: 'red' })],
  // The audit fields themselves are ignored, as a read record sent back carries them (test/api/round-trips.e2e-spec.ts).
  ['an audit-looking unknown field', (b) => ({ ...b, createdByUser: 'Someone' })],
  ['a nested unknown object', (b) => ({ ...b, $where: { '1': 1 } })],
];

export interface SweptResource {
  singular: string;
  /** A body that would be accepted. */
  valid: () => Row;
  /** The id of an existing record, for PUT. */
  id: () => number;
  /** GET path of one record. */
  read: (id: number) => string;
  /** Field-specific bad values: [field, value]. */
  bad: Array<[string, unknown]>;
}

/**
 * The POST/PUT/DELETE sweep of one resource: the common bad bodies, its own bad field values,
 * broken JSON, empty bodies and odd path ids. `ctx` is read when the tests run (after beforeAll).
 */
export function describeBodySweep(
  resources: SweptResource[],
  ctx: () => { t: TestApp; admin: Client },
  extraBadBodies: Array<[string, (body: Row) => Row]> = [],
): void {
  describe.each(resources)('POST and PUT /api/$singular', (resource) => {
    const path = (id?: number | string) => `/api/${resource.singular}${id === undefined ? '' : `/${id}`}`;
    const post = (body: unknown) => () => ctx().admin.post(path(), body);
    const put = (body: unknown) => () => ctx().admin.put(path(resource.id()), body);
    const current = async () => (await ctx().admin.get(resource.read(resource.id()))).body.data;

    it('the valid body is accepted (the control for the cases below)', async () => {
      expectStatus(await ctx().admin.post(path(), resource.valid()), 201);
    });

    it.each([...COMMON_BAD_BODIES, ...extraBadBodies])('%s is a 400 on POST and PUT, nothing written', async (_what, spoil) => {
      await refused(ctx().t, post(spoil(resource.valid())));
      const before = await current();
      await refused(ctx().t, put(spoil(resource.valid())));
      expect(await current()).toEqual(before);
    });

    it.each(resource.bad)('%s = %j is a 400 naming the field on POST and PUT', async (field, value) => {
      const onPost = await refused(ctx().t, post({ ...resource.valid(), [field]: value }));
      expect(Object.keys(onPost.failMessages).concat(onPost.failSummary)).toEqual(expect.arrayContaining([expect.stringContaining(field)]));
      const before = await current();
      await refused(ctx().t, put({ ...resource.valid(), [field]: value }));
      expect(await current()).toEqual(before);
    });

    it.each([
      ['malformed JSON', '{"name": "half'],
      ['a JSON string', '"just text"'],
      ['JSON null', 'null'],
      ['a JSON array', '[]'],
      ['an array of bodies', '[{"name": "x"}]'],
    ])('%s is a 400', async (_what, raw) => {
      const { t, admin } = ctx();
      await refused(t, () => admin.post(path()).set('Content-Type', 'application/json').send(raw));
      await refused(t, () => admin.put(path(resource.id())).set('Content-Type', 'application/json').send(raw));
    });

    it('an empty body is a 400', async () => {
      const { t, admin } = ctx();
      await refused(t, () => admin.post(path()));
      await refused(t, () => admin.post(path()).set('Content-Type', 'application/json').send(''));
      await refused(t, () => admin.put(path(resource.id())).send({}));
    });

    it.each(['abc', '-1', '0', '1.5', '1e3', '99999999999', '2147483648', `1;DROP TABLE ${resource.singular}`, "1' OR '1'='1"])(
      'path id %s is a 400 or 404 on PUT and DELETE, never a 500',
      async (id) => {
        const { t, admin } = ctx();
        const before = await t.tableCounts();
        for (const res of [await admin.put(path(encodeURIComponent(id)), resource.valid()), await admin.delete(path(encodeURIComponent(id)))]) {
          expect([400, 404]).toContain(res.status);
          expect(res.body.validationResult).toEqual(expect.objectContaining({ fail: true, failSummary: expect.any(String) }));
        }
        expect(await t.tableCounts()).toEqual(before);
      },
    );

    it('an id that does not exist is a 404 on PUT and DELETE', async () => {
      const { t, admin } = ctx();
      await refused(t, () => admin.put(path(2_000_000_000), resource.valid()), 404);
      await refused(t, () => admin.delete(path(2_000_000_000)), 404);
    });
  });
}
