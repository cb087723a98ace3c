import { applyDecorators } from '@nestjs/common';
import { ArrayNotEmpty, IsIn, IsInt, IsOptional, IsString, Matches } from 'class-validator';
import { DecimalNumber, Day, IgnoredID, Omissible, OneOf, OptionalText, ReferenceID, ReferenceIDs, WholeNumber } from '../../common/http/dto-fields';
import { AuditedReadOnlyFields } from '../../common/http/read-only-fields';
import { ROTA_LINE_TYPES, ROTA_STEPS, TIME_MESSAGE, TIME_PATTERN } from './rota-rules';

/** An 'HH:mm' time on a 5-minute step (spec 02 section 5); null clears a worked time. */
function RotaTime(label: string) {
  const message = `${label} ${TIME_MESSAGE}`;
  return applyDecorators(IsOptional(), IsString({ message }), Matches(TIME_PATTERN, { message }));
}

const TYPE_MESSAGE = `Rota line type must be one of ${ROTA_LINE_TYPES.map((type) => `${type.rotaLineTypeID} (${type.name})`).join(', ')}`;

/**
 * POST /rotaLine and PUT /rotaLine/{id} (docs/http-api.md, "Rota"). Every field is optional on
 * PUT (an approval sends only newStep); POST needs rotaDate, userID and storeID (the service
 * says so). The step changes only through newStep; repeatUsers and repeatDays copy the line
 * when it is saved.
 */
@AuditedReadOnlyFields(
  'userName',
  'storeName',
  'rotaLineTypeName',
  'currentHistoryID',
  'currentHistoryStep',
  'viewedByUser',
  'viewedByUserDate',
  'plannedHours',
  'paidHours',
)
export class RotaLineBody {
  @IgnoredID() rotaLineID?: number;
  @Omissible() @Day('Rota date') rotaDate?: string;
  @RotaTime('Planned from') plannedFrom?: string;
  @RotaTime('Planned to') plannedTo?: string;
  @ReferenceID('user', true) userID?: number;
  @ReferenceID('store', true) storeID?: number;

  @IsOptional()
  @IsInt({ message: TYPE_MESSAGE })
  @IsIn(ROTA_LINE_TYPES.map((type) => type.rotaLineTypeID), { message: TYPE_MESSAGE })
  rotaLineTypeID?: number;

  @OptionalText('Notes', 1000) notes?: string | null;
  @RotaTime('Worked from') workedFrom?: string | null;
  @RotaTime('Worked to') workedTo?: string | null;
  @DecimalNumber('Unpaid hours', 2, 0, 24) unpaidHours?: number;
  @ReferenceIDs('Repeat users', 100) repeatUsers?: number[];
  /** Weekdays of the line's week to copy it to: Sunday bit 0 (1) ... Saturday bit 6 (64). */
  @WholeNumber('Repeat days', 0, 127) repeatDays?: number;
  @OneOf('New step', ROTA_STEPS, true) newStep?: (typeof ROTA_STEPS)[number];
}

/** PUT /rotaLines/approve: planned lines approved together, all or none. */
export class ApproveRotaLinesBody {
  @ReferenceIDs('Rota lines', 500)
  @ArrayNotEmpty({ message: 'Choose the rota lines to approve' })
  rotaLineIDs: number[];
}
