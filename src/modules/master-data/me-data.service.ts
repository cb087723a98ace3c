import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { analysisFieldRow } from './analysis-fields/analysis-fields.service';
import { AnalysisField } from './entities/analysis-field.entity';
import { MetricPart } from './entities/metric-part.entity';
import { SaleType } from './entities/sale-type.entity';
import { saleTypeRow } from './sale-types/sale-types.service';

export interface MeData {
  analysisFields: Record<string, unknown>[];
  saleTypes: Record<string, unknown>[];
  metricParts: Record<string, unknown>[];
}

export interface OfferedSaleType {
  saleTypeID: number;
  name: string;
  /** Those of the asked stores that offer it. */
  storeIDs: number[];
}

/** The sale types offered at any of these stores, by name (a user row's saleTypes, spec 02 section 3). */
export async function saleTypesAt(manager: EntityManager, storeIDs: number[]): Promise<OfferedSaleType[]> {
  if (storeIDs.length === 0) return [];
  const types = await manager
    .getRepository(SaleType)
    .createQueryBuilder('saleType')
    .innerJoinAndSelect('saleType.saleTypeStores', 'saleTypeStore', 'saleTypeStore.storeID IN (:...storeIDs)', { storeIDs })
    .orderBy('saleType.name', 'ASC')
    .addOrderBy('saleType.saleTypeID', 'ASC')
    .getMany();
  return types.map((type) => ({ saleTypeID: type.saleTypeID, name: type.name, storeIDs: (type.saleTypeStores ?? []).map((s) => s.storeID) }));
}

/**
 * The master data GET /user/me carries (spec 01 section 3, Me): what the signed-in user's
 * forms need up front. The users module reads it through this service only. Three queries:
 * the analysis fields and the sale types of the user's stores (with only those stores in
 * their store lists), and every metric part without its params.
 */
@Injectable()
export class MeDataService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async forUser(user: AuthUser): Promise<MeData> {
    const storeIDs = [...user.storeIDs];
    const [analysisFields, saleTypes, metricParts] = await Promise.all([
      storeIDs.length ? this.analysisFields(storeIDs) : [],
      storeIDs.length ? this.saleTypes(storeIDs) : [],
      this.metricParts(),
    ]);
    return { analysisFields, saleTypes, metricParts };
  }

  private async analysisFields(storeIDs: number[]) {
    const fields = await this.dataSource
      .getRepository(AnalysisField)
      .createQueryBuilder('analysisField')
      .innerJoinAndSelect('analysisField.analysisFieldStores', 'analysisFieldStore', 'analysisFieldStore.storeID IN (:...storeIDs)', {
        storeIDs,
      })
      .leftJoinAndSelect('analysisFieldStore.store', 'store')
      .leftJoinAndSelect('analysisField.analysisListItems', 'analysisListItem')
      .orderBy('analysisField.name', 'ASC')
      .addOrderBy('analysisField.analysisFieldID', 'ASC')
      .getMany();
    // Their store lists are already the user's stores (the join above), whatever their areas.
    return fields.map((field) => analysisFieldRow(field));
  }

  private async saleTypes(storeIDs: number[]) {
    const types = await this.dataSource
      .getRepository(SaleType)
      .createQueryBuilder('saleType')
      .innerJoinAndSelect('saleType.saleTypeStores', 'saleTypeStore', 'saleTypeStore.storeID IN (:...storeIDs)', { storeIDs })
      .leftJoinAndSelect('saleTypeStore.store', 'store')
      .orderBy('saleType.name', 'ASC')
      .addOrderBy('saleType.saleTypeID', 'ASC')
      .getMany();
    return types.map((type) => saleTypeRow(type));
  }

  private async metricParts() {
    const parts = await this.dataSource
      .getRepository(MetricPart)
      .createQueryBuilder('metricPart')
      .innerJoinAndSelect('metricPart.metric', 'metric')
      .orderBy('metric.name', 'ASC')
      .addOrderBy('metricPart.metricPartID', 'ASC')
      .getMany();
    return parts.map((part) => ({
      metricPartID: part.metricPartID,
      metricID: part.metricID,
      metricName: part.metric?.name ?? '',
      name: part.name,
      divisionPart: part.divisionPart,
      multiplier: part.multiplier,
      tableName: part.tableName,
      field: part.field,
    }));
  }
}
