import { Body, Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { Public } from '../../common/auth/decorators';
import { strictValidationPipe } from '../../common/http/validation.pipe';
import { OK } from '../../common/http/validation-result';
import { AuthService } from './auth.service';

/** A missing, empty or non-text field asks for it, as the login form does (client/src/auth/LoginPage.tsx). */
export class LoginBody {
  @IsString({ message: 'Enter your email' })
  @IsNotEmpty({ message: 'Enter your email' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  email: string;

  @IsString({ message: 'Enter your password' })
  @IsNotEmpty({ message: 'Enter your password' })
  @MaxLength(200, { message: 'Password must be at most 200 characters' })
  password: string;
}

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** 201 on success (the client checks for exactly that); within the login limits (LoginAttempts). */
  @Public()
  @Post('user/login')
  @HttpCode(201)
  async login(@Body(strictValidationPipe({ expectedType: LoginBody })) body: LoginBody, @Req() req: Request) {
    const { token, user } = await this.auth.login(body.email, body.password, req.ip);
    return { data: { token }, user, validationResult: OK };
  }

  @Public()
  @Get('appName')
  appName() {
    return { data: this.config.appName, validationResult: OK };
  }
}
