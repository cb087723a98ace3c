import { Body, Controller, Delete, Get, Query } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequireAreas, RequireStore } from '../../common/auth/decorators';
import { strictValidationPipe } from '../../common/http/validation.pipe';
import { InvalidInput, OK } from '../../common/http/validation-result';
import { RateCardCompareService } from './compare/rate-card-compare.service';
import { RateCardLinesDeleteBody } from './lines/rate-card-line.body';
import { RateCardLinesService } from './lines/rate-card-lines.service';
import { RateCardsService } from './rate-cards/rate-cards.service';

/** The rate card routes beyond the generated CRUD ones (docs/http-api.md, "Rate cards (issue 4)"). */
@Controller()
export class RateCardsController {
  constructor(
    private readonly cards: RateCardsService,
    private readonly lines: RateCardLinesService,
    private readonly comparer: RateCardCompareService,
  ) {}

  /** The card in force today, or data null. */
  @Get('rateCard/current')
  @RequireStore()
  async current(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    const names = Object.keys(query);
    if (names.length) throw new InvalidInput(Object.fromEntries(names.slice(0, 10).map((k) => [k.slice(0, 50), 'Unknown parameter'])));
    return { data: await this.cards.current(user), validationResult: OK };
  }

  @Get('rateCardCompare')
  @RequireStore()
  async compare(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    return { data: await this.comparer.compare(query, user), validationResult: OK };
  }

  /** Many lines in one transaction: all or nothing. */
  @Delete('rateCardLines')
  @RequireAreas('SystemSetup')
  async removeMany(@Body(strictValidationPipe({ expectedType: RateCardLinesDeleteBody })) body: RateCardLinesDeleteBody, @CurrentUser() user: AuthUser) {
    return { validationResult: OK, data: await this.lines.removeMany(body.rateCardLineIDs, user) };
  }
}
