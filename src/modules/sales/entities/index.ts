import { SaleAnalysisValue } from './sale-analysis-value.entity';
import { SaleDayTotal } from './sale-day-total.entity';
import { SaleMonthSkuTotal } from './sale-month-sku-total.entity';
import { Sale } from './sale.entity';

export { Sale, SaleAnalysisValue, SaleDayTotal, SaleMonthSkuTotal };
export const SALE_ENTITIES = [Sale, SaleAnalysisValue, SaleDayTotal, SaleMonthSkuTotal];
