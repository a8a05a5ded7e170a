import type { FastifyBaseLogger } from 'fastify';
import type { RegistrationConfig } from '../../config/registration-config';
import type { SessionContext } from '../auth/auth.context';
import type { AppContext } from '../../app-context';
import { createSsoProvider, type SsoProvider } from './sso.config';

/** What the sso area uses: sessions (the password sign-in's own), the registration rules, the provider. */
export interface SsoContext extends SessionContext {
  provider: SsoProvider;
  publicUrl: string;
  registration: RegistrationConfig;
  log: FastifyBaseLogger;
  attemptsPerIp: number;
}

/** The area's context, or undefined when no provider is configured (no OIDC_* settings). */
export function createSsoContext(ctx: AppContext): SsoContext | undefined {
  const settings = ctx.config.sso;
  if (!settings) return undefined;
  return {
    db: ctx.db,
    events: ctx.events,
    jwtSecret: ctx.serverSecret,
    provider: createSsoProvider(settings, ctx.config.publicUrl),
    publicUrl: ctx.config.publicUrl,
    registration: ctx.config.registration,
    log: ctx.log,
    attemptsPerIp: ctx.config.authRateLimitPerIp,
  };
}
