import type { AuditEvent, SecurityEvent } from '@clipsync/shared';
import { formatDate } from './date-format';
import { formatFileSize } from './file-size';
import { securityEventLabelKey } from './security-event-labels';

/** The translate function the sentences are written with (react-i18next's `t`, or a test's). */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

type Details = Record<string, unknown>;
const textOf = (details: Details, name: string) => (typeof details[name] === 'string' ? details[name] : '');

/** The words every sentence may use: the kind of item, the plan, its end, the quota, the reason. */
function valuesOf(details: Details, t: Translate, language: string) {
  const itemKind = textOf(details, 'itemKind');
  const plan = textOf(details, 'plan');
  const until = textOf(details, 'until');
  return {
    item: itemKind ? t(`audit.items.${itemKind}`, { defaultValue: itemKind }) : '',
    plan: plan ? t(`adminConsole.users.plans.${plan}`, { defaultValue: plan }) : '',
    until: until ? formatDate(until, 'date', language) : '',
    size: typeof details.bytes === 'number' ? formatFileSize(details.bytes) : '',
    reason: textOf(details, 'reason'),
    client: textOf(details, 'client'),
    name: textOf(details, 'name'),
    email: textOf(details, 'email'),
  };
}

/** `adminAccount.setQuota` with `{ bytes: null }` → `quotaReset`: the sentence a code name and its details make. */
function adminSentenceKey(action: string, details: Details): string | undefined {
  switch (action) {
    case 'adminAccount.create':
      return 'accountCreated';
    case 'adminAccount.disable':
      return 'disabled';
    case 'adminAccount.enable':
      return 'enabled';
    case 'adminAccount.delete':
      return 'deleted';
    case 'adminAccount.sendPasswordReset':
      return 'passwordResetSent';
    case 'adminAccount.grantPlan':
      return 'planGranted';
    case 'adminAccount.removePlan':
      return 'planRemoved';
    case 'adminAccount.setQuota':
      return typeof details.bytes === 'number' ? 'quotaSet' : 'quotaReset';
    case 'adminAccount.setRole':
      return details.role === 'admin' ? 'madeAdmin' : 'adminRemoved';
    case 'adminInvitation.create':
      return 'invited';
    case 'adminInvitation.revoke':
      return 'invitationRevoked';
    case 'adminOverview.updateSettings':
      if (details.mode === 'open' || details.mode === 'invite' || details.mode === 'closed') {
        return `signUps_${details.mode}`;
      }
      return Array.isArray(details.emailDomains) ? 'domainsChanged' : 'settingsChanged';
    case 'moderation.takeDown':
      return 'takenDown';
    case 'moderation.restore':
      return 'restored';
    case 'moderation.dismiss':
      return 'dismissed';
    case 'moderation.content':
      return 'contentOpened';
    default:
      return undefined;
  }
}

/** Security events in the third person, for the admin's log; their last word ("signInNewDevice") as in the owner's. */
function securityKeyOf(action: string): string | undefined {
  return securityEventLabelKey(action)?.split('.').at(-1);
}

/** What the server did by itself, from the counts its entry keeps ("The server deleted 3 clips past …"). */
function systemSentence(event: AuditEvent, t: Translate): string {
  const { clips, bytes } = event.details;
  if (event.action === 'history.retention' && typeof clips === 'number') {
    const size = formatFileSize(typeof bytes === 'number' ? bytes : 0);
    return t('audit.log.system.historyRetention', { count: clips, size });
  }
  return t('audit.log.otherSystemEvent');
}

/**
 * One entry of the admin's log as a sentence in the reader's language: "Ana disabled bob@example.com". The
 * actor by name, the account by address (the one a reader searches for); an action this page does not know
 * yet reads as a plain sentence, never as its code name.
 */
export function adminLogSentence(event: AuditEvent, t: Translate, language: string): string {
  // A moderation call names its item's kind in its target, not in its body.
  const details = { itemKind: event.targetKind, ...event.details };
  const values = {
    ...valuesOf(details, t, language),
    actor: event.actorName ?? event.actorEmail ?? t('audit.log.someone'),
    subject: event.subjectEmail ?? event.subjectName ?? t('audit.log.anAccount'),
  };
  if (event.kind === 'system') return systemSentence(event, t);
  if (event.kind === 'admin') {
    const key = adminSentenceKey(event.action, details);
    if (key) return t(`audit.log.${key}`, values);
    return t(event.subjectUserId ? 'audit.log.otherAdminActionOn' : 'audit.log.otherAdminAction', values);
  }
  const key = securityKeyOf(event.action);
  return t(key ? `audit.log.security.${key}` : 'audit.log.otherSecurityEvent', values);
}

/**
 * One of the owner's own events as a sentence: what changed on their account, never which admin changed it
 * ("An admin granted you the Pro plan until 1 Mar"; "Your shared clip was taken down by the operator").
 */
export function ownerEventSentence(event: SecurityEvent, t: Translate, language: string): string {
  const values = valuesOf(event.details, t, language);
  if (event.byAdmin) {
    const key = adminSentenceKey(event.action, event.details);
    // An admin's action the owner has no sentence for (yet) still says an admin changed the account.
    return key ? t(`audit.owner.${key}`, { ...values, defaultValue: t('audit.byAdmin') }) : t('audit.byAdmin');
  }
  return t(securityEventLabelKey(event.action) ?? 'audit.owner.otherEvent', values);
}
