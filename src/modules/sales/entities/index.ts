import { SaleAnalysisValue } from './sale-analysis-value.entity';
import { Sale } from './sale.entity';

export { Sale, SaleAnalysisValue };
export const SALE_ENTITIES = [Sale, SaleAnalysisValue];
