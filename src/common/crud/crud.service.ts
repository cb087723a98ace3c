import { DataSource, EntityManager, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { AuditedEntity, stampCreated, stampUpdated } from '../db/audited.entity';
import { assertNotInUse } from '../db/in-use';
import { InvalidInput } from '../http/validation-result';
import type { EditVersion } from './edit-version';
import type { ListDefinition } from '../list/list-definition';
import type { ListResult, ListService } from '../list/list.service';

export type Row = Record<string, unknown>;

/**
 * Create, update and delete for one entity, in a transaction, with audit fields and the
 * in-use check on delete. A module supplies its list definition and `assign` (copy the
 * body onto the entity and check references); it injects only its own repositories.
 */
export abstract class CrudService<T extends AuditedEntity & ObjectLiteral, CreateBody, UpdateBody = CreateBody> {
  abstract readonly definition: ListDefinition<T>;

  protected constructor(
    protected readonly dataSource: DataSource,
    protected readonly lists: ListService,
  ) {}

  /** Whether the record with this id exists: how another module checks a reference to it. */
  async exists(manager: EntityManager, id: number): Promise<boolean> {
    return manager.existsBy(this.definition.entity, { [this.definition.idField]: id } as FindOptionsWhere<T>);
  }

  /** Copies the body onto the entity; throws InvalidInput for anything the DTO cannot check. */
  protected abstract assign(manager: EntityManager, entity: T, body: CreateBody | UpdateBody, user: AuthUser, isNew: boolean): Promise<void>;

  /** Work that must commit with the record (child rows, links). */
  protected async afterSave(_manager: EntityManager, _entity: T, _body: CreateBody | UpdateBody, _user: AuthUser, _isNew: boolean): Promise<void> {}

  /**
   * The update transaction's first statement: a record whose save checks its children against
   * each other (unique codes) locks itself here (see forUpdate), so saves of it take turns.
   */
  protected async lockBeforeUpdate(_manager: EntityManager, _id: number): Promise<void> {}

  /** Checks that may refuse a delete (e.g. deleting yourself). */
  protected async beforeRemove(_manager: EntityManager, _entity: T, _user: AuthUser): Promise<void> {}

  list(query: Record<string, unknown>, user: AuthUser): Promise<ListResult> {
    return this.lists.list(this.definition, query, user);
  }

  async create(body: CreateBody, user: AuthUser): Promise<Row> {
    const id = await this.dataSource.transaction(async (manager) => {
      const entity: T = manager.create(this.definition.entity);
      await this.assign(manager, entity, body, user, true);
      await this.assertNameFree(manager, entity, true);
      stampCreated(entity, user.name);
      const saved = await manager.save(this.definition.entity, entity);
      await this.afterSave(manager, saved, body, user, true);
      return saved[this.definition.idField];
    });
    return this.lists.row(this.definition, id, user);
  }

  /** `version`: the record's updatedDate as the caller read it; 409 when it has changed since (none: not checked). */
  async update(id: number, body: UpdateBody, user: AuthUser, version: EditVersion = null): Promise<Row> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockBeforeUpdate(manager, id);
      const entity = await this.lists.findVisible(this.definition, id, user, manager);
      await this.lists.lockUnchanged(this.definition, id, version, manager);
      await this.assign(manager, entity, body, user, false);
      await this.assertNameFree(manager, entity, false);
      stampUpdated(entity, user.name);
      const saved = await manager.save(this.definition.entity, entity);
      await this.afterSave(manager, saved, body, user, false);
    });
    return this.lists.row(this.definition, id, user);
  }

  /**
   * What PUT /<singular>/:id answers beside validationResult: the saved record as `data`, and
   * anything a service adds (a user's own password change adds a fresh session `token`).
   */
  async updateAnswer(id: number, body: UpdateBody, user: AuthUser, version: EditVersion = null): Promise<{ data: Row } & Row> {
    return { data: await this.update(id, body, user, version) };
  }

  /** The definition's uniqueName is not another record's, ignoring case and outer spaces (400 on it). */
  private async assertNameFree(manager: EntityManager, entity: T, isNew: boolean): Promise<void> {
    const { uniqueName, idField, alias, label } = this.definition;
    const name: unknown = uniqueName && entity[uniqueName];
    if (typeof name !== 'string') return;
    const query = manager
      .createQueryBuilder(this.definition.entity, alias)
      .select(`${alias}.${idField}`, 'id')
      .where(`LOWER(TRIM(${alias}.${uniqueName})) = :name`, { name: name.trim().toLowerCase() });
    if (!isNew) query.andWhere(`${alias}.${idField} <> :id`, { id: entity[idField] });
    if (await query.getRawOne()) {
      throw new InvalidInput({ [uniqueName as string]: `Another ${label} is already called ${name.trim()}` });
    }
  }

  async remove(id: number, user: AuthUser, version: EditVersion = null): Promise<{ id: number }> {
    await this.dataSource.transaction(async (manager) => {
      const entity = await this.lists.findVisible(this.definition, id, user, manager);
      await this.lists.lockUnchanged(this.definition, id, version, manager);
      await this.beforeRemove(manager, entity, user);
      await assertNotInUse(manager, this.definition.entity, id, this.definition.label);
      await manager.delete(this.definition.entity, { [this.definition.idField]: id });
    });
    return { id };
  }
}
