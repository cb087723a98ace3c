import 'reflect-metadata';
import { createApp } from '../app.factory';
import { loadConfig } from '../config/app-config';
import type { AuthUser } from '../common/auth/auth-user';
import { SYSTEM_AREA_NAMES, type SystemArea } from '../common/auth/system-areas';
import { AnalysisFieldsService } from '../modules/master-data/analysis-fields/analysis-fields.service';
import { BandsService } from '../modules/master-data/bands/bands.service';
import { DiscountsService } from '../modules/master-data/discounts/discounts.service';
import { MetricPartsService } from '../modules/master-data/metric-parts/metric-parts.service';
import type { MetricPartBody } from '../modules/master-data/metric-parts/metric-part.body';
import type { MetricBody } from '../modules/master-data/metrics/metric.body';
import { MetricsService } from '../modules/master-data/metrics/metrics.service';
import { SaleTypesService } from '../modules/master-data/sale-types/sale-types.service';
import { SkuTypesService } from '../modules/master-data/sku-types/sku-types.service';
import { StoresService } from '../modules/master-data/stores/stores.service';
import { StoreTypesService } from '../modules/master-data/store-types/store-types.service';
import { AccessProfilesService } from '../modules/users/access-profiles/access-profiles.service';
import { UsersService } from '../modules/users/users/users.service';
import { BulkLine, RateCardLinesService } from '../modules/rate-cards/lines/rate-card-lines.service';
import { RateCardsService } from '../modules/rate-cards/rate-cards/rate-cards.service';
import { DataSource } from 'typeorm';
import { seedDemoReconciliation } from './demo-reconciliation';
import { JobsService } from '../modules/jobs/jobs.service';
import { seedDemoSales } from './demo-sales';
import { seedDemoTargets } from './demo-targets';
import { seedDemoRota } from './demo-rota';
import { RotaService } from '../modules/rota/rota.service';
import { seedDemoAnnouncements } from './demo-announcements';
import { AnnouncementsService } from '../modules/announcements/announcements.service';
import { AnnouncementUsersService } from '../modules/announcements/announcement-users.service';
import { FilesService } from '../modules/files/files.service';
import { SaleFigures } from '../modules/sales/sale-figures';

/** Every demo user logs in with this password (README lists the logins). */
export const DEMO_PASSWORD = 'Demo1234!';

const STORE_TYPES = [
  { name: 'High street', recordFootfall: true, recordChatCount: true, recordStaffCount: true },
  { name: 'Shopping centre kiosk', recordFootfall: true, recordChatCount: false, recordStaffCount: true },
  // A concession inside another retailer: no door of its own to count, no daily stats.
  { name: 'Concession', recordFootfall: false, recordChatCount: false, recordStaffCount: false },
];

/** [name, type index, post code, square feet, region] */
const STORES: Array<[string, number, string, number, 'North' | 'South']> = [
  ['Leeds Briggate', 0, 'LS1 6HD', 1450, 'North'],
  ['Manchester Arndale', 1, 'M4 3AQ', 420, 'North'],
  ['Liverpool One', 0, 'L1 8JQ', 1300, 'North'],
  ['Newcastle Eldon Square', 1, 'NE1 7JB', 380, 'North'],
  ['York Coppergate', 0, 'YO1 9NT', 980, 'North'],
  ['Birmingham Bullring', 1, 'B5 4BU', 450, 'South'],
  ['Bristol Cabot Circus', 0, 'BS1 3BX', 1210, 'South'],
  ['Nottingham Victoria', 2, 'NG1 3QN', 400, 'South'],
  ['Oxford Cornmarket', 0, 'OX1 3EX', 870, 'South'],
  ['Brighton Churchill Square', 0, 'BN1 2RG', 1100, 'South'],
];

const AREA_MANAGER: SystemArea[] = [
  'RecordSales',
  'UpdateSales',
  'RecordRefunds',
  'RecordCreditFails',
  'Announce',
  'AccessAPI',
  'ViewYearCards',
  'RecordTargets',
  'RecordDailyStats',
  'ApproveRotaLines',
  'RecordRotaLines',
];
const STORE_MANAGER: SystemArea[] = [
  'RecordSales',
  'UpdateSales',
  'RecordRefunds',
  'RecordCreditFails',
  'RecordTargets',
  'RecordDailyStats',
  'RecordRotaLines',
];
const SALES_STAFF: SystemArea[] = ['RecordSales', 'RecordRefunds', 'RecordDailyStats'];
const RECONCILIATION: SystemArea[] = ['RevenueReconciliation', 'UpdateSales', 'AccessAPI', 'ViewYearCards'];

interface DemoUser {
  name: string;
  profile: string;
  store?: string;
}

const USERS: DemoUser[] = [
  { name: 'Demo Admin', profile: 'Administrator' },
  { name: 'Priya Shah', profile: 'Reconciliation manager' },
  { name: 'Gareth Owen', profile: 'Area manager - North', store: 'Leeds Briggate' },
  { name: 'Helen Carter', profile: 'Area manager - South', store: 'Bristol Cabot Circus' },
  { name: 'Tom Whitaker', profile: 'Store manager - Leeds Briggate', store: 'Leeds Briggate' },
  { name: 'Aisha Begum', profile: 'Store manager - Manchester Arndale', store: 'Manchester Arndale' },
  { name: 'Callum Reid', profile: 'Store manager - Birmingham Bullring', store: 'Birmingham Bullring' },
  { name: 'Sophie Turner', profile: 'Store manager - Bristol Cabot Circus', store: 'Bristol Cabot Circus' },
  { name: 'Jack Robinson', profile: 'Sales staff - North', store: 'Leeds Briggate' },
  { name: 'Emily Hughes', profile: 'Sales staff - North', store: 'Leeds Briggate' },
  { name: 'Oliver Brown', profile: 'Sales staff - North', store: 'Manchester Arndale' },
  { name: 'Chloe Evans', profile: 'Sales staff - North', store: 'Liverpool One' },
  { name: 'Ryan Walsh', profile: 'Sales staff - North', store: 'Newcastle Eldon Square' },
  { name: 'Grace Patel', profile: 'Sales staff - North', store: 'York Coppergate' },
  { name: 'Daniel Lewis', profile: 'Sales staff - South', store: 'Birmingham Bullring' },
  { name: 'Megan Price', profile: 'Sales staff - South', store: 'Bristol Cabot Circus' },
  { name: 'Harry Clarke', profile: 'Sales staff - South', store: 'Nottingham Victoria' },
  { name: 'Zara Ahmed', profile: 'Sales staff - South', store: 'Oxford Cornmarket' },
  { name: 'Lewis Murray', profile: 'Sales staff - South', store: 'Brighton Churchill Square' },
  { name: 'Ella Morgan', profile: 'Sales staff - South', store: 'Bristol Cabot Circus' },
];

export function demoEmail(name: string): string {
  return `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`;
}

export interface DemoServices {
  storeTypes: StoreTypesService;
  stores: StoresService;
  accessProfiles: AccessProfilesService;
  users: UsersService;
  saleTypes: SaleTypesService;
  skuTypes: SkuTypesService;
  bands: BandsService;
  discounts: DiscountsService;
  analysisFields: AnalysisFieldsService;
  metrics: MetricsService;
  metricParts: MetricPartsService;
  rateCards: RateCardsService;
  rateCardLines: RateCardLinesService;
}

/** The demo data is written as a user holding every area and store, through the services. */
const SYSTEM: AuthUser = {
  userID: 0,
  name: 'Demo data',
  email: '',
  storeID: null,
  accessProfileID: 0,
  systemAreas: new Set(SYSTEM_AREA_NAMES),
  storeIDs: [],
  showRevenue: true,
  showCommission: true,
  salesMonthsBack: 0,
};

/**
 * Fills a database through the same services the API uses, so every rule applies. Each
 * part is added only when its data is missing (no stores: the franchise; no sale types: the
 * master data), so running it again adds nothing.
 */
export async function seedDemo(services: DemoServices): Promise<{ franchise: boolean; masterData: boolean; rateCards: number }> {
  const franchise = await seedFranchise(services);
  const masterData = await seedMasterData(services);
  const rateCards = await seedRateCards(services);
  return { franchise, masterData, rateCards };
}

/** [model code, description, band, RRP on contract, monthly, storage options, colours] */
const HANDSETS: Array<[string, string, string, number, number, number[], string[]]> = [
  ['IP16P', 'iPhone 16 Pro', 'A', 49, 62, [256, 512], ['BLK', 'WHT', 'NAT']],
  ['IP16', 'iPhone 16', 'A', 29, 48, [128, 256], ['BLK', 'WHT', 'PNK', 'TEA']],
  ['IP15', 'iPhone 15', 'B', 19, 39, [128, 256], ['BLK', 'BLU', 'GRN']],
  ['SGS25U', 'Samsung Galaxy S25 Ultra', 'A', 49, 64, [256, 512], ['BLK', 'SLV', 'BLU']],
  ['SGS25', 'Samsung Galaxy S25', 'B', 19, 42, [128, 256], ['BLK', 'MNT', 'BLU']],
  ['SGA55', 'Samsung Galaxy A55', 'C', 0, 24, [128], ['BLK', 'LIL', 'BLU']],
  ['PX9P', 'Google Pixel 9 Pro', 'A', 39, 55, [128, 256], ['OBS', 'PRC', 'HZL']],
  ['PX9A', 'Google Pixel 9a', 'C', 0, 22, [128], ['OBS', 'PRC', 'IRS']],
  ['MTG85', 'Motorola Moto G85', 'D', 0, 16, [256], ['GRY', 'BLU']],
  ['NK-G42', 'Nokia G42 (refurbished)', 'E', 0, 11, [128], ['GRY']],
];
const COLOURS: Record<string, string> = {
  BLK: 'Black',
  WHT: 'White',
  NAT: 'Natural',
  PNK: 'Pink',
  TEA: 'Teal',
  BLU: 'Blue',
  GRN: 'Green',
  SLV: 'Silver',
  MNT: 'Mint',
  LIL: 'Lilac',
  OBS: 'Obsidian',
  PRC: 'Porcelain',
  HZL: 'Hazel',
  IRS: 'Iris',
  GRY: 'Grey',
};
/** [sku, description, monthly] */
const SIM_PLANS: Array<[string, string, number]> = [
  ['SIMO-5GB', 'SIM only 5GB', 8],
  ['SIMO-15GB', 'SIM only 15GB', 10],
  ['SIMO-30GB', 'SIM only 30GB', 12],
  ['SIMO-60GB', 'SIM only 60GB', 15],
  ['SIMO-100GB', 'SIM only 100GB', 18],
  ['SIMO-UNL', 'SIM only unlimited data', 22],
  ['SIMO-UNL-MAX', 'SIM only unlimited data, calls abroad', 28],
  ['SIMO-DATA-50', 'Data SIM 50GB', 14],
];
const TABLETS: Array<[string, string, number, number]> = [
  ['IPAD11-128-WIFI5G', 'iPad 11th gen 128GB 5G', 49, 25],
  ['IPADAIR-256-5G', 'iPad Air 256GB 5G', 99, 34],
  ['SGTABS9-128-5G', 'Samsung Galaxy Tab S9 128GB 5G', 29, 28],
  ['SGTABA9-64-4G', 'Samsung Galaxy Tab A9 64GB 4G', 0, 15],
];
const EXTRAS: Array<[string, string, string, number]> = [
  ['ACC-CASE-CLR', 'Clear case', 'Accessory', 19.99],
  ['ACC-CHG-25W', '25W fast charger', 'Accessory', 24.99],
  ['ACC-BUDS', 'Wireless earbuds', 'Accessory', 79],
  ['INS-STD', 'Device insurance, standard', 'Insurance', 0],
  ['INS-PREM', 'Device insurance, premium with loss cover', 'Insurance', 0],
];

interface DemoLine extends Omit<BulkLine, 'stores'> {
  revenue: number;
  commission: number;
}

/** The lines of the current card for each sale type (deterministic, so a re-run writes the same). */
function demoLines(skuTypeIDs: Map<string, number>, bandIDs: Map<string, number>): Map<string, DemoLine[]> {
  const handset = skuTypeIDs.get('Handset')!;
  const phones = (months: number, upgrade: boolean): DemoLine[] =>
    HANDSETS.flatMap(([code, name, band, rrp, monthly, storages, colours]) =>
      storages.flatMap((gb, s) =>
        colours.map((colour) => {
          const price = monthly + s * 5 - (upgrade ? 3 : 0) - (months === 36 ? 4 : 0);
          return {
            sku: `${code}-${gb}-${colour}${months === 36 ? '-36' : ''}`,
            skuTypeID: handset,
            description: `${name} ${gb}GB ${COLOURS[colour]}${months === 36 ? ' (36 months)' : ''}`,
            customerRRP: rrp + s * 30,
            customerMonthly: price,
            contractMonths: months,
            bandID: bandIDs.get(band) ?? null,
            legacySKU: null,
            revenue: Math.round(price * months * 0.35),
            commission: Math.round(price * months * 0.04 * 100) / 100,
          };
        }),
      ),
    );
  const tablets: DemoLine[] = TABLETS.map(([sku, description, rrp, monthly]) => ({
    sku,
    skuTypeID: skuTypeIDs.get('Tablet')!,
    description,
    customerRRP: rrp,
    customerMonthly: monthly,
    contractMonths: 24,
    bandID: bandIDs.get('C') ?? null,
    legacySKU: null,
    revenue: Math.round(monthly * 24 * 0.3),
    commission: Math.round(monthly * 0.8 * 100) / 100,
  }));
  const extras: DemoLine[] = EXTRAS.map(([sku, description, type, rrp]) => ({
    sku,
    skuTypeID: skuTypeIDs.get(type)!,
    description,
    customerRRP: rrp,
    customerMonthly: type === 'Insurance' ? (sku === 'INS-PREM' ? 12 : 7) : 0,
    contractMonths: 0,
    bandID: null,
    legacySKU: null,
    revenue: type === 'Insurance' ? 40 : Math.round(rrp * 0.3),
    commission: type === 'Insurance' ? 6 : 2,
  }));
  const sims: DemoLine[] = SIM_PLANS.flatMap(([sku, description, monthly]) =>
    [24, 36].map((months) => ({
      sku: months === 36 ? `${sku}-36` : sku,
      skuTypeID: skuTypeIDs.get('SIM')!,
      description: `${description}, ${months} months`,
      customerRRP: 0,
      customerMonthly: monthly - (months === 36 ? 1 : 0),
      contractMonths: months,
      bandID: null,
      legacySKU: null,
      revenue: Math.round(monthly * months * 0.25),
      commission: Math.round(monthly * 0.5 * 100) / 100,
    })),
  );
  return new Map([
    ['New contract', [...phones(24, false), ...phones(36, false), ...tablets, ...extras]],
    ['Upgrade', [...phones(24, true), ...extras]],
    ['SIM only', sims],
  ]);
}

/** A line's stores: every store, with a little variation; a few stores list some lines as inactive. */
function withStores(line: DemoLine, index: number, storeIDs: number[]): BulkLine {
  const { revenue, commission, ...rest } = line;
  return {
    ...rest,
    stores: storeIDs.map((storeID, s) => {
      const factor = 1 + (((s * 7 + index * 3) % 5) - 2) / 100; // -2 % .. +2 %
      return {
        storeID,
        active: !(s === storeIDs.length - 1 && index % 9 === 4) && !(s === 0 && index % 17 === 8),
        revenue: Math.round(revenue * factor * 100) / 100,
        commission: Math.round(commission * factor * 100) / 100,
      };
    }),
  };
}

/** The next card: some prices change, the refurbished Nokia goes, a new handset comes. */
function nextCardLines(current: DemoLine[], saleType: string, skuTypeIDs: Map<string, number>, bandIDs: Map<string, number>): DemoLine[] {
  const next = current
    .filter((l) => !l.sku.startsWith('NK-G42'))
    .map((l, i) => (i % 6 === 0 ? { ...l, customerMonthly: l.customerMonthly + 2, revenue: l.revenue + 24, commission: l.commission + 1 } : { ...l }));
  if (saleType !== 'SIM only') {
    for (const [colour, name] of [
      ['BLK', 'Black'],
      ['SGE', 'Sage'],
    ]) {
      for (const months of [24, 36]) {
        if (saleType === 'Upgrade' && months === 36) continue;
        next.push({
          sku: `PX10-256-${colour}${months === 36 ? '-36' : ''}`,
          skuTypeID: skuTypeIDs.get('Handset')!,
          description: `Google Pixel 10 256GB ${name}${months === 36 ? ' (36 months)' : ''}`,
          customerRRP: 29,
          customerMonthly: months === 36 ? 44 : 49,
          contractMonths: months,
          bandID: bandIDs.get('A') ?? null,
          legacySKU: null,
          revenue: months * 17,
          commission: months * 2,
        });
      }
    }
  } else {
    next.push({
      sku: 'SIMO-200GB',
      skuTypeID: skuTypeIDs.get('SIM')!,
      description: 'SIM only 200GB, 24 months',
      customerRRP: 0,
      customerMonthly: 20,
      contractMonths: 24,
      bandID: null,
      legacySKU: null,
      revenue: 120,
      commission: 10,
    });
  }
  return next;
}

function firstOfMonth(monthsAhead: number, timeZone: string): string {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(new Date()).split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1 + monthsAhead, 1));
  return date.toISOString().slice(0, 10);
}

/**
 * Rate cards of issue 4, on a database without rate cards: the current card (from the 1st of this
 * month) and next month's, with lines for the three demo sale types at every store offering them.
 */
async function seedRateCards(services: DemoServices): Promise<number> {
  const system = SYSTEM;
  const existing = await services.rateCards.list({ pageLength: '1' }, system);
  if (existing.page.rowCount > 0) return 0;
  const saleTypes = await services.saleTypes.list({ pageLength: '500' }, system);
  const skuTypes = await services.skuTypes.list({ pageLength: '500' }, system);
  const bands = await services.bands.list({ pageLength: '500' }, system);
  const skuTypeIDs = new Map(skuTypes.listData.map((r) => [r.name as string, r.skuTypeID as number]));
  const bandIDs = new Map(bands.listData.map((r) => [r.name as string, r.bandID as number]));
  if (!['Handset', 'SIM', 'Tablet', 'Accessory', 'Insurance'].every((n) => skuTypeIDs.has(n))) return 0;
  const timeZone = process.env.TIME_ZONE || 'Europe/London';
  const current = await services.rateCards.create({ name: `Rate card ${firstOfMonth(0, timeZone).slice(0, 7)}`, fromDate: firstOfMonth(0, timeZone) }, system);
  const next = await services.rateCards.create({ name: `Rate card ${firstOfMonth(1, timeZone).slice(0, 7)}`, fromDate: firstOfMonth(1, timeZone) }, system);
  const lines = demoLines(skuTypeIDs, bandIDs);
  let count = 0;
  for (const saleType of saleTypes.listData) {
    const wanted = lines.get(saleType.name as string);
    const storeIDs = (saleType.storeIDs as number[] | undefined) ?? [];
    if (!wanted || storeIDs.length === 0) continue;
    const now = wanted.map((l, i) => withStores(l, i, storeIDs));
    const later = nextCardLines(wanted, saleType.name as string, skuTypeIDs, bandIDs).map((l, i) => withStores(l, i, storeIDs));
    await services.rateCardLines.writeLines(current.rateCardID as number, saleType.saleTypeID as number, now, null, system);
    await services.rateCardLines.writeLines(next.rateCardID as number, saleType.saleTypeID as number, later, null, system);
    count += now.length + later.length;
  }
  return count;
}

/** Stores, store types, access profiles and users, on a database without stores. */
async function seedFranchise(services: DemoServices): Promise<boolean> {
  const system = SYSTEM;
  const existing = await services.stores.list({ pageLength: '1' }, system);
  if (existing.page.rowCount > 0) return false;

  const typeIDs: number[] = [];
  for (const type of STORE_TYPES) typeIDs.push((await services.storeTypes.create(type, system)).storeTypeID as number);

  const storeIDs = new Map<string, number>();
  for (const [name, type, postCode, squareFeet] of STORES) {
    const row = await services.stores.create(
      { name, storeTypeID: typeIDs[type], postCode, squareFeet, targetRevenue: true, targetQuantity: type === 0 },
      system,
    );
    storeIDs.set(name, row.storeID as number);
  }
  const region = (r: 'North' | 'South') => STORES.filter((s) => s[4] === r).map((s) => storeIDs.get(s[0])!);
  const all = [...storeIDs.values()];

  const profileIDs = new Map<string, number>();
  // The first administrator's profile already holds every area and, by now, every store.
  const firstAdmin = await services.accessProfiles.list({ name: 'Administrator', pageLength: '1' }, system);
  if (firstAdmin.listIDs.length) {
    profileIDs.set('Administrator', firstAdmin.listIDs[0].id);
    // The first start's profile sells (a new install can record a sale at once); the demo's
    // administrators do not, as in a franchise where head office records sales for the stores.
    await services.accessProfiles.update(firstAdmin.listIDs[0].id, { name: 'Administrator', sells: false }, system);
  }
  // [name, areas, stores, showRevenue, showCommission, sells]: the administrators and the
  // reconciliation manager record and fix sales for others but do not sell (docs/decisions.md).
  type DemoProfile = [string, SystemArea[], number[], boolean, boolean, boolean];
  const profiles: DemoProfile[] = [
    ...(firstAdmin.listIDs.length ? [] : [['Administrator', SYSTEM_AREA_NAMES, all, true, true, false] as DemoProfile]),
    ['Reconciliation manager', RECONCILIATION, all, true, true, false],
    ['Area manager - North', AREA_MANAGER, region('North'), true, true, true],
    ['Area manager - South', AREA_MANAGER, region('South'), true, true, true],
    ...['Leeds Briggate', 'Manchester Arndale', 'Birmingham Bullring', 'Bristol Cabot Circus'].map(
      (store) => [`Store manager - ${store}`, STORE_MANAGER, [storeIDs.get(store)!], true, true, true] as DemoProfile,
    ),
    ['Sales staff - North', SALES_STAFF, region('North'), true, false, true],
    ['Sales staff - South', SALES_STAFF, region('South'), true, false, true],
  ];
  for (const [name, areas, stores, showRevenue, showCommission, sells] of profiles) {
    const row = await services.accessProfiles.create({ name, systemAreas: areas.join(', '), storeIDs: stores, showRevenue, showCommission, sells }, system);
    profileIDs.set(name, row.accessProfileID as number);
  }

  for (const user of USERS) {
    await services.users.create(
      {
        name: user.name,
        email: demoEmail(user.name),
        password: DEMO_PASSWORD,
        confirm: DEMO_PASSWORD,
        accessProfileID: profileIDs.get(user.profile)!,
        storeID: user.store ? storeIDs.get(user.store)! : null,
        // Sales staff look back at most a year.
        ...(user.profile.startsWith('Sales staff') ? { salesMonthsBack: 12 } : {}),
      },
      system,
    );
  }
  return true;
}

const SALE_TYPES = ['New contract', 'Upgrade', 'SIM only'];

/** [name, description, excludeDiscount] */
const SKU_TYPES: Array<[string, string, boolean]> = [
  ['Handset', 'Phones, with or without a contract', false],
  ['SIM', 'SIM cards and SIM-only plans', false],
  ['Tablet', 'Tablets and connected devices', false],
  ['Accessory', 'Cases, chargers, headphones and screen protection', true],
  ['Insurance', 'Device insurance and cover plans', true],
];

const BANDS: Array<[string, string]> = [
  ['A', 'Flagship handsets'],
  ['B', 'High-end handsets'],
  ['C', 'Mid-range handsets'],
  ['D', 'Entry-level handsets'],
  ['E', 'Basic and refurbished handsets'],
];

/** Master data of issue 3, on a database without sale types: offered in every store. */
async function seedMasterData(services: DemoServices): Promise<boolean> {
  const system = SYSTEM;
  const existing = await services.saleTypes.list({ pageLength: '1' }, system);
  if (existing.page.rowCount > 0) return false;
  const stores = await services.stores.list({ pageLength: '500', sort: 'name' }, system);
  const storeIDs = new Map(stores.listData.map((s) => [s.name as string, s.storeID as number]));
  const all = [...storeIDs.values()];

  const saleTypeIDs = new Map<string, number>();
  for (const name of SALE_TYPES) {
    saleTypeIDs.set(name, (await services.saleTypes.create({ name, storeIDs: all }, system)).saleTypeID as number);
  }
  for (const [name, description, excludeDiscount] of SKU_TYPES) {
    await services.skuTypes.create({ name, description, excludeDiscount }, system);
  }
  for (const [name, description] of BANDS) await services.bands.create({ name, description }, system);

  // Loyalty: £20 off revenue and commission on upgrades, everywhere but Oxford (switched off there).
  await services.discounts.create(
    {
      name: 'Loyalty £20 off',
      saleTypeID: saleTypeIDs.get('Upgrade')!,
      discountStores: [...storeIDs].map(([name, storeID]) => ({
        storeID,
        enabled: name !== 'Oxford Cornmarket',
        revenueReductionFixed: 20,
        commissionSameAsRevenue: true,
      })),
    },
    system,
  );
  // Manager discretion on new contracts in the four managed stores: the percent given is captured
  // on each sale, and a ratio of 1 takes that whole percent off revenue and, alike, commission
  // (docs/decisions.md, "Discount reductions"); not offered in Bristol for now.
  const managed = ['Leeds Briggate', 'Manchester Arndale', 'Birmingham Bullring', 'Bristol Cabot Circus'];
  await services.discounts.create(
    {
      name: 'Manager discretion',
      saleTypeID: saleTypeIDs.get('New contract')!,
      discountStores: managed
        .filter((name) => storeIDs.has(name))
        .map((name) => ({
          storeID: storeIDs.get(name)!,
          enabled: name !== 'Bristol Cabot Circus',
          captureVariablePercent: true,
          revenueReductionIsFixed: false,
          revenueReductionRatio: 1,
          commissionSameAsRevenue: true,
        })),
    },
    system,
  );

  // Handset: the rate card line's band picks the item (the items are the bands).
  await services.analysisFields.create(
    {
      name: 'Handset',
      label: 'Handset band',
      inputType: 'single',
      autoFillFrom: 'rateCardLineBandName',
      targetQuantity: true,
      analysisListItems: BANDS.map(([code, description]) => ({ code, description, enableTargets: code <= 'B', dailyReportAs: 'Handsets' })),
      storeIDs: all,
    },
    system,
  );
  await services.analysisFields.create(
    {
      name: 'Insurance',
      label: 'Insurance sold?',
      inputType: 'single',
      required: true,
      targetRevenue: true,
      targetQuantity: true,
      analysisListItems: [
        { code: 'Yes', description: 'Insurance sold with the device', enableTargets: true, dailyReportAs: 'Insurance' },
        { code: 'No', description: 'No insurance' },
      ],
      storeIDs: all,
    },
    system,
  );
  await services.analysisFields.create({ name: 'IMEI', label: 'IMEI (15 digits)', inputType: 'text', regex: '\\d{15}', storeIDs: all }, system);

  // Thresholds sit among the demo's own figures (docs/decisions.md, issue 26), so a table shows
  // both colours: the stores convert 3.1-3.6 % of their footfall, average £320-£355 a sale and
  // make 1.8-2.4 sales a staff day. Split by user, a seller reads an equal share of the footfall
  // and staff days of the stores they sold in (the metric engine), so sellers show both colours too.
  const metrics: Array<{ metric: MetricBody; parts: Array<Omit<MetricPartBody, 'metricID'>> }> = [
    {
      metric: { name: 'Conversion rate', metricType: 'percent', successValue: 0.034 },
      parts: [
        { name: 'Sales', divisionPart: 'numerator', tableName: 'sales', field: 'revenueCount' },
        { name: 'Footfall', divisionPart: 'denominator', tableName: 'dailyStats', field: 'footfallTotal' },
      ],
    },
    {
      metric: { name: 'Average revenue', metricType: 'money', successValue: 340 },
      parts: [
        { name: 'Adjusted revenue', divisionPart: 'numerator', tableName: 'sales', field: 'adjustedRevenueTotal' },
        { name: 'Sales', divisionPart: 'denominator', tableName: 'sales', field: 'revenueCount' },
      ],
    },
    {
      metric: { name: 'Sales per staff day', metricType: '2dp', showCard: false, successValue: 2.2 },
      parts: [
        { name: 'Sales', divisionPart: 'numerator', tableName: 'sales', field: 'revenueCount' },
        { name: 'Staff', divisionPart: 'denominator', tableName: 'dailyStats', field: 'staffCountTotal' },
      ],
    },
    {
      metric: { name: 'New contracts', metricType: 'integer' },
      parts: [
        {
          name: 'New contract sales',
          divisionPart: 'numerator',
          tableName: 'sales',
          field: 'revenueCount',
          params: JSON.stringify({ saleTypeID: saleTypeIDs.get('New contract') }),
        },
      ],
    },
  ];
  for (const { metric, parts } of metrics) {
    const { metricID } = await services.metrics.create(metric, system);
    for (const part of parts) await services.metricParts.create({ metricID: metricID as number, ...part }, system);
  }
  return true;
}

async function main() {
  const app = await createApp(loadConfig(), { logger: ['error', 'warn'] });
  await app.init();
  const created = await seedDemo({
    storeTypes: app.get(StoreTypesService),
    stores: app.get(StoresService),
    accessProfiles: app.get(AccessProfilesService),
    users: app.get(UsersService),
    saleTypes: app.get(SaleTypesService),
    skuTypes: app.get(SkuTypesService),
    bands: app.get(BandsService),
    discounts: app.get(DiscountsService),
    analysisFields: app.get(AnalysisFieldsService),
    metrics: app.get(MetricsService),
    metricParts: app.get(MetricPartsService),
    rateCards: app.get(RateCardsService),
    rateCardLines: app.get(RateCardLinesService),
  });
  // Printed, not logged: this is the command's answer to the person who ran it.
  if (created.franchise) console.log(`Demo franchise created: ${STORES.length} stores, ${USERS.length} users, password ${DEMO_PASSWORD}`);
  if (created.masterData) {
    console.log(
      `Demo master data created: ${SALE_TYPES.length} sale types, ${SKU_TYPES.length} SKU types, ${BANDS.length} bands, ` +
        '2 discounts, 3 analysis fields, 4 metrics',
    );
  }
  if (created.rateCards) console.log(`Demo rate cards created: this month's and next month's, ${created.rateCards} lines`);
  // Issue 9: two years of sales (src/seed/demo-sales.ts), when the database has none.
  const started = Date.now();
  const sales = await seedDemoSales(app.get(DataSource), app.get(RateCardsService).today(), app.get(AnalysisFieldsService));
  if (sales) {
    console.log(
      `Demo sales created from ${sales.from}: ${sales.sales} sales (${sales.modified} modified, ${sales.cancelled} cancelled, ` +
        `${sales.creditFails} credit-check fails), ${sales.refunds} refunds, ${sales.earlierCards} earlier rate cards, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  // Issue 11: targets near each month's actual sales, and daily stats, for the last 13 months and this one.
  const targetsStarted = Date.now();
  const targets = await seedDemoTargets(app.get(DataSource), app.get(RateCardsService).today(), app.get(SaleFigures));
  if (targets.targets || targets.dailyStats) {
    console.log(
      `Demo targets and daily stats created from ${(targets.targets ?? targets.dailyStats)!.from}: ${targets.targets?.rows ?? 0} targets, ` +
        `${targets.dailyStats?.rows ?? 0} daily stats, in ${((Date.now() - targetsStarted) / 1000).toFixed(1)} s`,
    );
  }
  // Issue 10: the supplier's statements of the last two months, the older auto-reconciled.
  const reconciliation = await seedDemoReconciliation(
    app.get(DataSource),
    app.get(RateCardsService).today(),
    app.get(JobsService),
    app.get(UsersService),
    demoEmail('Priya Shah'),
  );
  if (reconciliation) {
    const autoRec = reconciliation.autoRec;
    console.log(
      `Demo rec sheets created: ${reconciliation.sheets} supplier statements, ${reconciliation.lines} lines, the supplier template Acme Mobile, the match rule 'sale date within 3 days'` +
        (autoRec
          ? `; the older auto-reconciled: ${autoRec.reconciled} of ${autoRec.considered} lines (by the sale date rule ${autoRec.saleDateMatches}, clawbacks matched to refunds ${autoRec.clawbackMatches}; ` +
            `${autoRec.matchMultiple} several matches, ${autoRec.matchNone} none)`
          : ''),
    );
  }
  // Issue 13: four weeks of rota for every store around today (src/seed/demo-rota.ts).
  const rota = await seedDemoRota(app.get(DataSource), app.get(RateCardsService).today(), app.get(RotaService), app.get(UsersService));
  if (rota) console.log(`Demo rota created from ${rota.from}: ${rota.lines} lines over four weeks (two worked, this one approved, next planned)`);
  // Issue 13: announcements in each state, to every user (src/seed/demo-announcements.ts).
  const announcements = await seedDemoAnnouncements(
    app.get(DataSource),
    app.get(RateCardsService).today(),
    { announcements: app.get(AnnouncementsService), recipients: app.get(AnnouncementUsersService), files: app.get(FilesService), users: app.get(UsersService) },
    demoEmail('Demo Admin'),
  );
  if (announcements) console.log(`Demo announcements created: ${announcements.announcements}, to ${announcements.recipients} recipients in all`);
  if (
    !created.franchise &&
    !created.masterData &&
    !created.rateCards &&
    !sales &&
    !targets.targets &&
    !targets.dailyStats &&
    !reconciliation &&
    !rota &&
    !announcements
  )
    console.log('The database already has stores and master data; no demo data added');
  await app.close();
}

if (require.main === module) void main();
