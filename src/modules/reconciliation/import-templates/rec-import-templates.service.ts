import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CrudService, type Row } from '../../../common/crud/crud.service';
import { auditFields } from '../../../common/list/audit-fields';
import type { ListDefinition } from '../../../common/list/list-definition';
import { ListService } from '../../../common/list/list.service';
import { RecImportTemplate } from '../entities/rec-import-template.entity';
import { RecImportTemplateBody, RecImportTemplateUpdateBody } from './rec-import-template.body';
import { matchedHeaders, normalizeMappings, parseMappings } from './template-mappings';

const ID = /^\d{1,10}$/;

/** A template as the API answers it: mappings as an object, and how many headers they name. */
function templateRow(template: RecImportTemplate): Row {
  const mappings = parseMappings(template.mappings);
  return { ...template, mappings, headerCount: Object.keys(mappings).length };
}

export const recImportTemplateList: ListDefinition<RecImportTemplate> = {
  entity: RecImportTemplate,
  alias: 'recImportTemplate',
  idField: 'templateID',
  label: 'supplier template',
  uniqueName: 'name',
  fields: {
    templateID: { column: 'recImportTemplate.templateID', type: 'integer', pattern: ID, excel: 'ID' },
    name: { column: 'recImportTemplate.name', type: 'text', maxLength: 100, quick: true, excel: 'Supplier' },
    ...auditFields('recImportTemplate'),
  },
  defaultSort: { field: 'name', dir: 'ASC' },
  toRow: templateRow,
};

/**
 * Supplier templates of the rec sheet import (issue 24): a name (the supplier, unique ignoring
 * case) and the header -> field mappings of its statements, saved with normalised header names.
 */
@Injectable()
export class RecImportTemplatesService extends CrudService<RecImportTemplate, RecImportTemplateBody, RecImportTemplateUpdateBody> {
  readonly definition = recImportTemplateList;

  constructor(@InjectDataSource() dataSource: DataSource, lists: ListService) {
    super(dataSource, lists);
  }

  protected async assign(_manager: EntityManager, template: RecImportTemplate, body: RecImportTemplateBody | RecImportTemplateUpdateBody): Promise<void> {
    template.name = body.name;
    if (body.mappings) template.mappings = JSON.stringify(normalizeMappings(body.mappings));
  }

  /**
   * The templates whose every mapped header is among `headers` (one worksheet's, wherever the
   * columns sit), most headers matched first, then by name; each row adds `matchedHeaders`.
   * Templates are few (one per supplier), so all are read and compared here.
   */
  async match(headers: string[]): Promise<Row[]> {
    const templates = await this.dataSource.getRepository(RecImportTemplate).find();
    return templates
      .map((template) => ({ row: templateRow(template), matched: matchedHeaders(parseMappings(template.mappings), headers) }))
      .filter((found): found is { row: Row; matched: number } => found.matched !== null)
      .sort((a, b) => b.matched - a.matched || String(a.row.name).localeCompare(String(b.row.name)))
      .map(({ row, matched }) => ({ ...row, matchedHeaders: matched }));
  }
}
