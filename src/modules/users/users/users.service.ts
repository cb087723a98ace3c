import type { EditVersion } from '../../../common/crud/edit-version';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import * as bcrypt from 'bcryptjs';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager, In, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { PROCESS_ROLE, type ProcessRole } from '../../../config/config.module';
import { withDatabaseLock } from '../../../config/database-lock';
import { AuthUser, hasArea } from '../../../common/auth/auth-user';
import { parseSystemAreas, SYSTEM_AREA_NAMES, formatSystemAreas } from '../../../common/auth/system-areas';
import { CrudService } from '../../../common/crud/crud.service';
import { assertReferenceExists } from '../../../common/db/in-use';
import { toNumber } from '../../../common/db/numbers';
import { InvalidInput, NotAllowed } from '../../../common/http/validation-result';
import { auditFields } from '../../../common/list/audit-fields';
import type { ListFilter } from '../../../common/list/list-query';
import type { ListDefinition } from '../../../common/list/list-definition';
import { ListService } from '../../../common/list/list.service';
import { saleTypesAt } from '../../master-data';
import { MeDataService } from '../../master-data';
import { LoginAttempts } from '../../auth';
import { SessionTokens, type TokenSubject } from '../../auth';
import { StoresService } from '../../master-data';
import { AccessProfilesService } from '../access-profiles/access-profiles.service';
import { AccessProfileStore } from '../entities/access-profile-store.entity';
import { AccessProfile } from '../entities/access-profile.entity';
import { User } from '../entities/user.entity';
import { sellsAtSql } from './sellers';
import { UserBody } from './user.body';

export const PASSWORD_COST = 10;
const MIN_PASSWORD = 8;
/** bcrypt reads only the first 72 bytes; longer passwords would match on their prefix. */
export const MAX_PASSWORD_BYTES = 72;

/** Without UserSetup, a user sees themself and the users of profiles sharing one of their stores. */
function colleaguesOnly(qb: SelectQueryBuilder<User>, user: AuthUser): void {
  if (hasArea(user, 'UserSetup')) return;
  if (user.storeIDs.length === 0) {
    qb.andWhere('user.userID = :scopeSelf', { scopeSelf: user.userID });
    return;
  }
  qb.andWhere(
    '(user.userID = :scopeSelf OR user.accessProfileID IN ' +
      '(SELECT aps.accessProfileID FROM accessProfileStore aps WHERE aps.storeID IN (:...scopeStores)))',
    { scopeSelf: user.userID, scopeStores: [...user.storeIDs] },
  );
}

/**
 * The users list without UserSetup: active colleagues, and themself. Such users have only the
 * 'Active users' tab (spec 02 section 6: 'Inactive users' and 'All Users' need UserSetup), so
 * the server does not list inactive users to them whatever the filter (?active=0, the export).
 */
function activeColleaguesOnly(qb: SelectQueryBuilder<User>, user: AuthUser): void {
  colleaguesOnly(qb, user);
  if (hasArea(user, 'UserSetup')) return;
  qb.andWhere('(user.active = :scopeActive OR user.userID = :scopeSelf)', { scopeActive: 1, scopeSelf: user.userID });
}

function sellsAtStore(qb: SelectQueryBuilder<ObjectLiteral>, filter: ListFilter, param: string): void {
  const sells = sellsAtSql('user', `:...${param}`);
  qb.andWhere(filter.op === 'not' ? `NOT ${sells}` : sells, { [param]: filter.values });
}

function worksAtStore(qb: SelectQueryBuilder<ObjectLiteral>, filter: ListFilter, param: string): void {
  const exists = `EXISTS (SELECT 1 FROM accessProfileStore aps WHERE aps.accessProfileID = user.accessProfileID AND aps.storeID IN (:...${param}))`;
  qb.andWhere(filter.op === 'not' ? `NOT ${exists}` : exists, { [param]: filter.values });
}

export const userList: ListDefinition<User> = {
  entity: User,
  alias: 'user',
  idField: 'userID',
  label: 'user',
  fields: {
    userID: { column: 'user.userID', type: 'integer', excel: 'ID' },
    name: { column: 'user.name', type: 'text', quick: true, excel: 'Name' },
    email: { column: 'user.email', type: 'text', quick: true, excel: 'Email' },
    active: { column: 'user.active', type: 'boolean', excel: 'Active' },
    lastLogin: { column: 'user.lastLogin', type: 'datetime', excel: 'Last login' },
    storeID: { column: 'user.storeID', type: 'integer' },
    storeName: { column: 'store.name', type: 'text', quick: true, excel: 'Default store' },
    accessProfileID: { column: 'user.accessProfileID', type: 'integer' },
    accessProfileName: { column: 'accessProfile.name', type: 'text', quick: true, excel: 'Access profile' },
    defaultDaysBack: { column: 'user.defaultDaysBack', type: 'integer', excel: 'Default days back' },
    fromHour: { column: 'user.fromHour', type: 'integer', excel: 'From hour' },
    toHour: { column: 'user.toHour', type: 'integer', excel: 'To hour' },
    days: { column: 'user.days', type: 'integer', excel: 'Days' },
    proRateTargetsOnActual: { column: 'user.proRateTargetsOnActual', type: 'boolean', excel: 'Pro-rate targets' },
    salesMonthsBack: { column: 'user.salesMonthsBack', type: 'integer', excel: 'Months viewable' },
    /** Users whose access profile has any of these stores (an announcement's store audience). */
    worksAtStoreID: { column: 'user.accessProfileID', type: 'integer', where: worksAtStore },
    /** Sellers at any of these stores (./sellers.ts): who may be named as a sale's seller there, the targets' and rota's rows. */
    sellsAtStoreID: { column: 'user.accessProfileID', type: 'integer', where: sellsAtStore },
    ...auditFields('user'),
  },
  lookups: { store: 'user.store', accessProfile: 'user.accessProfile' },
  defaultSort: { field: 'name', dir: 'ASC' },
  scope: activeColleaguesOnly,
  toRow: ({ store, accessProfile, ...user }) => ({
    ...user,
    storeName: user.storeID ? (store?.name ?? '(Store name not found)') : '',
    accessProfileName: accessProfile?.name ?? '',
    revenueCommission: accessProfile ? revenueCommissionOf(accessProfile) : 'revenue',
  }),
  decorateRows: addSaleTypes,
};

/**
 * Each user row's saleTypes (spec 02 section 3, User): those offered at its access profile's
 * stores, one read per page through the master-data module.
 */
async function addSaleTypes(rows: Record<string, unknown>[], { manager }: { manager: EntityManager }): Promise<void> {
  const profileIDs = [...new Set(rows.map((row) => Number(row.accessProfileID)))];
  const links = await manager.find(AccessProfileStore, { where: { accessProfileID: In(profileIDs) }, select: { accessProfileID: true, storeID: true } });
  const offered = await saleTypesAt(manager, [...new Set(links.map((l) => l.storeID))]);
  for (const row of rows) {
    const stores = new Set(links.filter((l) => l.accessProfileID === row.accessProfileID).map((l) => l.storeID));
    row.saleTypes = offered.filter((type) => type.storeIDs.some((id) => stores.has(id))).map(({ saleTypeID, name }) => ({ saleTypeID, name }));
  }
}

/** Which figure the user's screens show first (spec 01 section 6): revenue, unless the profile shows only commission. */
export function revenueCommissionOf(profile: { showRevenue: boolean; showCommission: boolean }): 'revenue' | 'commission' {
  return profile.showRevenue || !profile.showCommission ? 'revenue' : 'commission';
}

/** Fields only UserSetup may change (spec 02 section 5); others may send them unchanged. */
const USER_SETUP_FIELDS = ['email', 'accessProfileID', 'active', 'fromHour', 'toHour', 'days'] as const;

/**
 * The two statements behind loadAuthUser, with identifiers quoted by the engine's own rule
 * (`user` needs quoting on both). Written once per process.
 */
function authUserStatements(quote: (name: string) => string) {
  const column = (table: string, name: string) => `${table}.${quote(name)}`;
  const userColumns = ['userID', 'name', 'email', 'active', 'tokenVersion', 'storeID', 'accessProfileID', 'salesMonthsBack', 'defaultDaysBack'];
  const profileColumns = ['systemAreas', 'showRevenue', 'showCommission'];
  return {
    user:
      `SELECT ${[...userColumns.map((c) => column('u', c)), ...profileColumns.map((c) => column('p', c))].join(', ')} ` +
      `FROM ${quote('user')} u JOIN ${quote('accessProfile')} p ON p.${quote('accessProfileID')} = u.${quote('accessProfileID')} ` +
      `WHERE u.${quote('userID')} = ?`,
    storeIDs:
      `SELECT s.${quote('storeID')} AS ${quote('storeID')} FROM ${quote('accessProfileStore')} s ` +
      `JOIN ${quote('user')} u ON u.${quote('accessProfileID')} = s.${quote('accessProfileID')} WHERE u.${quote('userID')} = ?`,
  };
}

@Injectable()
export class UsersService extends CrudService<User, UserBody> implements OnApplicationBootstrap {
  readonly definition = userList;
  private readonly logger = new Logger('Users');

  constructor(
    @InjectDataSource() dataSource: DataSource,
    lists: ListService,
    private readonly stores: StoresService,
    private readonly accessProfiles: AccessProfilesService,
    private readonly meData: MeDataService,
    private readonly tokens: SessionTokens,
    private readonly loginAttempts: LoginAttempts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
  ) {
    super(dataSource, lists);
  }

  private authUserSql?: ReturnType<typeof authUserStatements>;

  /** The signed-in user, fresh from the database on every request, with what its token is checked against. */
  async loadAuthUser(userID: number): Promise<(AuthUser & { active: boolean; tokenVersion: number }) | null> {
    // Every request runs this: two small queries side by side, read raw (no entity hydration).
    const sql = (this.authUserSql ??= authUserStatements((name) => this.dataSource.driver.escape(name)));
    const [[row], stores] = await Promise.all([
      this.dataSource.query<Array<Record<string, unknown>>>(sql.user, [userID]),
      this.dataSource.query<Array<{ storeID: unknown }>>(sql.storeIDs, [userID]),
    ]);
    if (!row) return null;
    return {
      userID: toNumber(row.userID),
      name: String(row.name),
      email: String(row.email),
      active: Boolean(toNumber(row.active)),
      tokenVersion: toNumber(row.tokenVersion),
      storeID: row.storeID == null ? null : toNumber(row.storeID),
      accessProfileID: toNumber(row.accessProfileID),
      systemAreas: new Set(parseSystemAreas(String(row.systemAreas))),
      storeIDs: stores.map((s) => toNumber(s.storeID)).sort((a, b) => a - b),
      showRevenue: Boolean(toNumber(row.showRevenue)),
      showCommission: Boolean(toNumber(row.showCommission)),
      salesMonthsBack: toNumber(row.salesMonthsBack),
      defaultDaysBack: toNumber(row.defaultDaysBack),
    };
  }

  /** For login only: the user with the password hash and token version. */
  findForLogin(email: string): Promise<User | null> {
    return this.dataSource
      .getRepository(User)
      .createQueryBuilder('user')
      .addSelect(['user.passwordHash', 'user.tokenVersion'])
      .where('user.email = :email', { email: email.trim().toLowerCase() })
      .getOne();
  }

  /** Whether `userID` is an active seller at `storeID` (./sellers.ts): who may be named as a sale's seller there, or planned on its rota. */
  async worksAt(manager: EntityManager, userID: number, storeID: number): Promise<boolean> {
    const row = await manager.query<unknown[]>(`SELECT 1 AS ok FROM user u WHERE u.userID = ? AND u.active = ? AND ${sellsAtSql('u', '?')}`, [
      userID,
      1,
      storeID,
    ]);
    return row.length > 0;
  }

  /** The store's sellers (./sellers.ts), active, by name: a targets grid's rows. */
  async activeUsersAt(manager: EntityManager, storeID: number): Promise<Array<{ userID: number; name: string }>> {
    const rows: Array<{ userID: unknown; name: string }> = await manager.query(
      `SELECT u.userID AS userID, u.name AS name FROM user u WHERE u.active = ? AND ${sellsAtSql('u', '?')} ORDER BY u.name, u.userID`,
      [1, storeID],
    );
    return rows.map((r) => ({ userID: toNumber(r.userID), name: r.name }));
  }

  /** Names of these users by id; an unknown id is left out (the dashboard shows '(Username not found)'). */
  async namesOf(userIDs: readonly number[]): Promise<Map<number, string>> {
    if (!userIDs.length) return new Map();
    const rows: Array<{ userID: unknown; name: string }> = await this.dataSource.query(
      `SELECT userID, name FROM user WHERE userID IN (${userIDs.map(() => '?').join(', ')})`,
      [...userIDs],
    );
    return new Map(rows.map((r) => [toNumber(r.userID), r.name]));
  }

  /** Whether the user's target cards are pro-rated to the day (their proRateTargetsOnActual). */
  async proRatesTargets(userID: number): Promise<boolean> {
    const found = await this.dataSource.getRepository(User).findOne({ select: { userID: true, proRateTargetsOnActual: true }, where: { userID } });
    return Boolean(found?.proRateTargetsOnActual);
  }

  async recordLogin(userID: number): Promise<void> {
    await this.dataSource.getRepository(User).update({ userID }, { lastLogin: new Date() });
  }

  /** GET /user/me (spec 01 section 3, Me). Fields of modules not built yet are empty lists. */
  async me(auth: AuthUser) {
    const user = await this.dataSource.getRepository(User).findOneOrFail({
      where: { userID: auth.userID },
      relations: { store: true, accessProfile: { accessProfileStores: { store: true } } },
    });
    const colleagues = this.dataSource.getRepository(User).createQueryBuilder('user').select(['user.userID', 'user.name', 'user.active']);
    colleaguesOnly(colleagues, auth);
    const users = await colleagues.orderBy('user.name', 'ASC').getMany();
    const profile = user.accessProfile!;
    return {
      userID: user.userID,
      name: user.name,
      email: user.email,
      storeID: user.storeID,
      storeName: user.store?.name ?? '',
      licence: this.config.licence,
      licenceName: this.config.licenceName,
      site: this.config.site,
      defaultDaysBack: user.defaultDaysBack,
      salesMonthsBack: user.salesMonthsBack,
      proRateTargetsOnActual: user.proRateTargetsOnActual,
      accessProfile: {
        accessProfileID: profile.accessProfileID,
        name: profile.name,
        systemAreas: profile.systemAreas,
        showRevenue: profile.showRevenue,
        showCommission: profile.showCommission,
        // Whether the user sells (./sellers.ts): a new sale names them as its seller only then.
        sells: profile.sells,
        accessProfileStores: (profile.accessProfileStores ?? [])
          .map((aps) => ({
            storeID: aps.storeID,
            store: { storeID: aps.storeID, name: aps.store?.name ?? '(Store name not found)', storeTypeID: aps.store?.storeTypeID },
          }))
          .sort((a, b) => a.store.name.localeCompare(b.store.name)),
        users: users.map((u) => ({ userID: u.userID, name: u.name, active: u.active })),
      },
      ...(await this.meData.forUser(auth)),
      // With both allowed revenue is the default; with one, that one (spec 01 section 6).
      revenueCommission: revenueCommissionOf(profile),
    };
  }

  /**
   * First start on an empty database: one administrator holding every area and store, from
   * ADMIN_EMAIL / ADMIN_PASSWORD or with a generated password printed once. Only the API does
   * this: a worker never creates it, so a generated password is never in a worker's log. APIs
   * starting together on an empty database take turns (withDatabaseLock): the first creates it,
   * the others find it.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (this.role !== 'api') return;
    if ((await this.dataSource.getRepository(User).count()) > 0) return;
    const email = (this.config.adminEmail ?? 'admin@example.com').toLowerCase();
    const password = this.config.adminPassword ?? randomBytes(9).toString('base64url');
    const storeIDs = await this.stores.allStoreIDs();
    const created = await withDatabaseLock(this.dataSource, 'first-admin', async (locked) => {
      if ((await locked.count(User)) > 0) return false;
      await locked.transaction(async (manager) => {
        const profile = await this.accessProfiles.createProfile(
          manager,
          {
            name: 'Administrator',
            systemAreas: formatSystemAreas(SYSTEM_AREA_NAMES),
            showRevenue: true,
            showCommission: true,
            createdByUserName: 'System',
            createdDate: new Date(),
            updatedByUserName: 'System',
            updatedDate: new Date(),
          },
          storeIDs,
        );
        await manager.insert(User, {
          name: 'Administrator',
          email,
          passwordHash: await bcrypt.hash(password, PASSWORD_COST),
          accessProfileID: profile.accessProfileID,
          createdByUserName: 'System',
          createdDate: new Date(),
          updatedByUserName: 'System',
          updatedDate: new Date(),
        });
      });
      return true;
    });
    if (!created) return;
    if (this.config.adminPassword) this.logger.log(`Created the first administrator ${email}`);
    else this.logger.warn(`Created the first administrator ${email} with password ${password} (shown once; change it after logging in)`);
  }

  override async update(id: number, body: UserBody, user: AuthUser, version: EditVersion = null) {
    if (id !== user.userID && !hasArea(user, 'UserSetup')) {
      throw new NotAllowed('Only users with UserSetup can edit other users');
    }
    return super.update(id, body, user, version);
  }

  /**
   * A change that ended the caller's own sessions (their password, or their access profile)
   * answers a fresh token with it, so the client carries on signed in; see docs/http-api.md.
   */
  override async updateAnswer(id: number, body: UserBody, user: AuthUser, version: EditVersion = null) {
    const own = id === user.userID;
    const versionBefore = own ? (await this.tokenSubject(id)).tokenVersion : undefined;
    const data = await this.update(id, body, user, version);
    if (!own) return { data };
    const subject = await this.tokenSubject(id);
    return subject.tokenVersion === versionBefore ? { data } : { data, token: await this.tokens.issue(subject) };
  }

  private async tokenSubject(userID: number): Promise<TokenSubject> {
    return this.dataSource
      .getRepository(User)
      .createQueryBuilder('user')
      .select(['user.userID', 'user.fromHour', 'user.toHour', 'user.days', 'user.tokenVersion'])
      .where('user.userID = :userID', { userID })
      .getOneOrFail();
  }

  private async passwordIs(manager: EntityManager, userID: number, password: string): Promise<boolean> {
    const stored = await manager.createQueryBuilder(User, 'user').addSelect('user.passwordHash').where('user.userID = :userID', { userID }).getOne();
    return Buffer.byteLength(password) <= MAX_PASSWORD_BYTES && bcrypt.compare(password, stored?.passwordHash ?? '');
  }

  protected async assign(manager: EntityManager, target: User, body: UserBody, user: AuthUser, isNew: boolean): Promise<void> {
    const errors: Record<string, string> = {};
    if (!hasArea(user, 'UserSetup')) {
      const changed = USER_SETUP_FIELDS.filter((f) => body[f] !== undefined && body[f] !== target[f]);
      if (changed.length) throw new NotAllowed(`Only users with UserSetup can change ${changed.join(', ')}`);
    }
    // A user always has an e-mail (it is the login): null may not clear it on a PUT either.
    if (!body.email && (isNew || body.email !== undefined)) errors.email = 'Email is required';
    if (isNew) {
      if (!body.password) errors.password = 'Password is required';
      if (!body.accessProfileID) errors.accessProfileID = 'Choose an access profile';
    }
    if (body.password || body.confirm) {
      if ((body.password ?? '').length < MIN_PASSWORD) errors.password = `Password must be at least ${MIN_PASSWORD} characters`;
      else if (Buffer.byteLength(body.password ?? '') > MAX_PASSWORD_BYTES) errors.password = `Password must be at most ${MAX_PASSWORD_BYTES} characters`;
      if (body.password !== body.confirm) errors.confirm = 'Password and confirm must match';
      // A stolen token must not be enough to take the account; an administrator changing
      // someone else's password needs no current password.
      if (!isNew && target.userID === user.userID) {
        if (!body.currentPassword) errors.currentPassword = 'Enter your current password';
        else {
          // A guess like a login's: within the login limits (429 past a hard one, even when right; slowed for the account).
          const currentPassword = body.currentPassword;
          const right = await this.loginAttempts.check(target.email, () => this.passwordIs(manager, target.userID, currentPassword));
          if (!right) errors.currentPassword = 'The current password is wrong';
        }
      }
    }
    const fromHour = body.fromHour ?? target.fromHour ?? 0;
    const toHour = body.toHour ?? target.toHour ?? 24;
    if (fromHour >= toHour) errors.toHour = 'The last hour must be after the first hour';
    if (!isNew && target.userID === user.userID && body.active === false) errors.active = 'You cannot deactivate yourself';
    if (body.email && body.email !== target.email) {
      const taken = await manager.existsBy(User, { email: body.email });
      if (taken) errors.email = 'Another user already has this email';
    }
    if (Object.keys(errors).length) throw new InvalidInput(errors);

    const accessProfileID = body.accessProfileID ?? target.accessProfileID;
    if (body.accessProfileID !== undefined) {
      await assertReferenceExists(manager, AccessProfile, { accessProfileID }, 'accessProfileID', 'access profile');
    }
    const storeID = body.storeID === undefined ? target.storeID : body.storeID;
    if (storeID != null && (body.storeID !== undefined || body.accessProfileID !== undefined)) {
      const granted = await manager.existsBy(AccessProfileStore, { accessProfileID, storeID });
      if (!granted) throw new InvalidInput({ storeID: 'Choose a store the access profile includes' });
    }

    // These end every token issued before them (see User.tokenVersion).
    const endsSessions = !isNew && (Boolean(body.password) || (target.active && body.active === false) || accessProfileID !== target.accessProfileID);
    if (endsSessions) await manager.increment(User, { userID: target.userID }, 'tokenVersion', 1);

    target.name = body.name;
    if (body.email) target.email = body.email;
    if (body.password) target.passwordHash = await bcrypt.hash(body.password, PASSWORD_COST);
    target.active = body.active ?? target.active ?? true;
    target.storeID = storeID ?? null;
    target.accessProfileID = accessProfileID;
    target.defaultDaysBack = body.defaultDaysBack ?? target.defaultDaysBack ?? 180;
    target.fromHour = fromHour;
    target.toHour = toHour;
    target.days = body.days ?? target.days ?? 0;
    target.proRateTargetsOnActual = body.proRateTargetsOnActual ?? target.proRateTargetsOnActual ?? false;
    target.salesMonthsBack = body.salesMonthsBack ?? target.salesMonthsBack ?? 0;
  }

  protected override async beforeRemove(_manager: EntityManager, target: User, user: AuthUser): Promise<void> {
    if (target.userID === user.userID) throw new InvalidInput({}, 'You cannot delete yourself');
  }
}
