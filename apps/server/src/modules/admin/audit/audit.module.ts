import { defineModule } from '../../define-module';
import { auditRoutes, securityEventRoutes } from './audit.routes';
import { purgeExpiredAuditEvents } from './audit.service';

const HOUR_MS = 3_600_000;

/**
 * The audit log: admin actions (written by `adminRoutes` for every admin route) and security events
 * (written by the services where they happen, `recordSecurityEvent`), read by admins, each account reading
 * its own; entries older than AUDIT_RETENTION_DAYS are deleted every hour.
 */
export const auditModule = defineModule((ctx) => ({
  routes: async (api) => {
    await api.register(auditRoutes, { db: ctx.db });
    await api.register(securityEventRoutes, { db: ctx.db });
  },
  jobs: [
    {
      name: 'audit-retention',
      everyMs: HOUR_MS,
      run: () => purgeExpiredAuditEvents(ctx.db, ctx.config.auditRetentionDays),
    },
  ],
}));
