import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AccessGuard } from '../../common/auth/access.guard';
import { UsersModule } from '../users';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtStrategy } from './jwt.strategy';
import { LoginLimitsModule } from './login-attempts';
import { SessionTokensModule } from './session-tokens';
import { SignedInRequest } from './signed-in-request';

@Module({
  // The login limits (LoginAttempts): per address, per address and account, and the account's
  // slowing; counted in Redis in scale-out (in memory while Redis is away, and in the embedded mode).
  imports: [UsersModule, PassportModule, SessionTokensModule, LoginLimitsModule],
  controllers: [AuthController],
  providers: [AuthService, JwtStrategy, SignedInRequest, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [SignedInRequest],
})
export class AuthModule {}
