import { Inject, Injectable } from '@nestjs/common';
import * as bcrypt from 'bcryptjs';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { InvalidInput } from '../../common/http/validation-result';
import { MAX_PASSWORD_BYTES, PASSWORD_COST, UsersService } from '../users';
import { LoginAttempts } from './login-attempts';
import { loginWindowRefusal } from './login-window';
import { SessionTokens } from './session-tokens';

const WRONG = 'Wrong email or password';

@Injectable()
export class AuthService {
  /** Compared against when the e-mail is unknown, so both failures take the same time. */
  private readonly decoyHash = bcrypt.hashSync('decoy-password', PASSWORD_COST);

  constructor(
    private readonly users: UsersService,
    private readonly tokens: SessionTokens,
    private readonly attempts: LoginAttempts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Wrong e-mail and wrong password answer alike; whether the user is inactive or outside
   * their hours is told only to someone who knows the password. Within the login limits from `ip`.
   */
  async login(email: string, password: string, ip: string | undefined) {
    const user = await this.users.findForLogin(email);
    // No stored password is longer than bcrypt reads, so a longer one cannot be right.
    const comparable = Buffer.byteLength(password) <= MAX_PASSWORD_BYTES;
    const matches = await this.attempts.check(
      email,
      async () => (await bcrypt.compare(password, user?.passwordHash ?? this.decoyHash)) && comparable && !!user,
      ip,
    );
    if (!user || !matches) throw new InvalidInput({ email: WRONG, password: WRONG }, WRONG);
    if (!user.active) throw new InvalidInput({}, 'This user is not active. For help contact your line manager.');
    const refusal = loginWindowRefusal(user, new Date(), this.config.timeZone);
    if (refusal) throw new InvalidInput({}, refusal);
    await this.users.recordLogin(user.userID);
    return { token: await this.tokens.issue(user), user: { userID: user.userID, name: user.name } };
  }
}
