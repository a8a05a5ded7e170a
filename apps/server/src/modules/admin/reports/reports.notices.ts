import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { contentReports, reportMailNotices, users } from '../../../db/schema';
import { reportsWaitingMail } from '../../../mail/templates/moderation-mails';
import type { ModerationContext } from './reports.context';
import { countQueue, itemStillThere } from './reports.queue';

/** At most one "reports wait" mail per admin in this long: a flood of reports is one mail, not one each. */
export const REPORT_MAIL_INTERVAL_MS = 15 * 60_000;
/** How often the job looks for admins whose wait is over and who have reports their last mail did not count. */
export const REPORT_MAIL_CHECK_EVERY_MS = 60_000;

/**
 * Mails each admin who has an open report newer than their last such mail, unless that mail is less than
 * REPORT_MAIL_INTERVAL_MS old: that admin is mailed by the job once the interval is over, so no report goes
 * uncounted. Run after each report and by the job. Each admin's turn is claimed by one conditional upsert,
 * so the report's run, the job and other nodes never mail the same admin twice in an interval. Returns how
 * many admins were mailed. The clock is the app's (`now`), for the interval and for what counts as newer.
 */
export async function mailAdminsOfReports(ctx: ModerationContext, now = new Date()): Promise<number> {
  const intervalStart = new Date(now.getTime() - REPORT_MAIL_INTERVAL_MS);
  const newerReport = ctx.db
    .select({ one: sql`1` })
    .from(contentReports)
    .where(
      and(
        isNull(contentReports.resolvedAt),
        or(isNull(reportMailNotices.mailedAt), gt(contentReports.createdAt, reportMailNotices.mailedAt)),
        itemStillThere,
      ),
    );
  const due = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .leftJoin(reportMailNotices, eq(reportMailNotices.adminId, users.id))
    .where(
      and(
        eq(users.role, 'admin'),
        isNull(users.disabledAt),
        isNotNull(users.emailConfirmedAt),
        or(isNull(reportMailNotices.mailedAt), lte(reportMailNotices.mailedAt, intervalStart)),
        sql`exists (${newerReport})`,
      ),
    );
  if (due.length === 0) return 0;
  const waiting = await countQueue(ctx.db, 'open');
  if (waiting === 0) return 0;
  const url = `${ctx.publicUrl}/admin/reports`;
  let mailed = 0;
  for (const admin of due) {
    const [claimed] = await ctx.db
      .insert(reportMailNotices)
      .values({ adminId: admin.id, mailedAt: now })
      .onConflictDoUpdate({
        target: reportMailNotices.adminId,
        set: { mailedAt: now },
        setWhere: lte(reportMailNotices.mailedAt, intervalStart),
      })
      .returning({ adminId: reportMailNotices.adminId });
    if (!claimed) continue;
    ctx.mail.enqueue(() => reportsWaitingMail(admin.email, waiting, url));
    mailed += 1;
  }
  return mailed;
}
