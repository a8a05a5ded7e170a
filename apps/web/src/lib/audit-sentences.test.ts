import type { AuditEvent, SecurityEvent } from '@clipsync/shared';
import i18next from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import en from '../i18n/en/app.json';
import fr from '../i18n/fr/app.json';
import { adminLogSentence, ownerEventSentence, type Translate } from './audit-sentences';

const i18n = i18next.createInstance();
let t: Translate;
let tFr: Translate;

beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { app: en }, fr: { app: fr } }, defaultNS: 'app' });
  t = i18n.getFixedT('en');
  tFr = i18n.getFixedT('fr');
});

const thisYear = new Date().getFullYear();
const entry = (overrides: Partial<AuditEvent>): AuditEvent => ({
  id: 'e1',
  at: '2026-11-20T10:00:00.000Z',
  kind: 'admin',
  action: 'adminAccount.disable',
  actorId: 'a1',
  actorName: 'Ana',
  actorEmail: 'ana@example.com',
  subjectUserId: 'b1',
  subjectName: 'Bob',
  subjectEmail: 'bob@example.com',
  targetKind: 'user',
  targetId: 'b1',
  requestId: null,
  details: {},
  ...overrides,
});
const ownEvent = (overrides: Partial<SecurityEvent>): SecurityEvent => ({
  id: 's1',
  at: '2026-11-20T10:00:00.000Z',
  action: 'adminAccount.disable',
  byAdmin: true,
  requestId: null,
  details: {},
  ...overrides,
});

describe("the admin's log", () => {
  test('names the actor and the account in a sentence', () => {
    expect(adminLogSentence(entry({}), t, 'en')).toBe('Ana disabled bob@example.com');
    expect(
      adminLogSentence(
        entry({ action: 'adminOverview.updateSettings', subjectUserId: null, details: { mode: 'closed' } }),
        t,
        'en',
      ),
    ).toBe('Ana closed sign-ups');
    expect(
      adminLogSentence(
        entry({ action: 'adminAccount.grantPlan', details: { plan: 'pro', until: `${thisYear}-03-01T12:00:00Z` } }),
        t,
        'en-GB',
      ),
    ).toBe(`Pro plan granted to bob@example.com until 1 Mar ${thisYear} by Ana`);
    expect(adminLogSentence(entry({ action: 'adminAccount.setQuota', details: { bytes: null } }), t, 'en')).toBe(
      "Ana gave bob@example.com the plan's storage quota again",
    );
  });

  test('reads in the reader’s language', () => {
    expect(adminLogSentence(entry({}), tFr, 'fr')).toBe('Ana a désactivé bob@example.com');
  });

  test('a takedown names the kind of item, its owner and the reason', () => {
    const takeDown = entry({
      action: 'moderation.takeDown',
      targetKind: 'clip',
      details: { reason: 'Spam' },
    });
    expect(adminLogSentence(takeDown, t, 'en')).toBe('Ana took down a shared clip of bob@example.com: Spam');
  });

  test('a deleted or unnamed account falls back to what the entry kept, then to words', () => {
    expect(adminLogSentence(entry({ actorName: null, subjectEmail: null }), t, 'en')).toBe(
      'ana@example.com disabled Bob',
    );
    expect(
      adminLogSentence(entry({ actorName: null, actorEmail: null, subjectName: null, subjectEmail: null }), t, 'en'),
    ).toBe('Someone disabled an account');
  });

  test('security events read in the third person', () => {
    expect(
      adminLogSentence(entry({ kind: 'security', action: 'token.created', details: { name: 'CI' } }), t, 'en'),
    ).toBe('bob@example.com created the token “CI”');
  });

  test('an action the page does not know reads as a sentence, never as its code name', () => {
    const future = adminLogSentence(entry({ action: 'adminFuture.doSomething' }), t, 'en');
    expect(future).toBe('Ana made an admin change to bob@example.com');
    expect(adminLogSentence(entry({ action: 'adminFuture.x', subjectUserId: null }), t, 'en')).toBe(
      'Ana made an admin change',
    );
    expect(adminLogSentence(entry({ kind: 'security', action: 'future.event' }), t, 'en')).toBe(
      'A security event on the account of bob@example.com',
    );
  });

  test("the server's own runs read from their counts, naming nobody", () => {
    const run = entry({
      kind: 'system',
      action: 'history.retention',
      actorId: null,
      actorName: null,
      actorEmail: null,
      subjectUserId: null,
      subjectName: null,
      subjectEmail: null,
      details: { clips: 3, files: 1, bytes: 2048, accounts: 2 },
    });
    expect(adminLogSentence(run, t, 'en')).toBe("The server deleted 3 clips past their history's retention (2 KB)");
    expect(adminLogSentence({ ...run, details: { clips: 1, bytes: 10 } }, t, 'en')).toBe(
      "The server deleted 1 clip past its history's retention (10 Bytes)",
    );
    expect(adminLogSentence({ ...run, action: 'future.job' }, t, 'en')).toBe('The server ran one of its jobs');
  });
});

describe("the owner's security events", () => {
  test('say what an admin changed, without naming the admin', () => {
    expect(ownerEventSentence(ownEvent({}), t, 'en')).toBe('An admin disabled your account');
    expect(
      ownerEventSentence(
        ownEvent({ action: 'adminAccount.grantPlan', details: { plan: 'pro', until: `${thisYear}-03-01T12:00:00Z` } }),
        t,
        'en-GB',
      ),
    ).toBe(`An admin granted you the Pro plan until 1 Mar ${thisYear}`);
    expect(
      ownerEventSentence(ownEvent({ action: 'adminAccount.setQuota', details: { bytes: 5 * 1024 ** 3 } }), t, 'en'),
    ).toBe('An admin set your storage quota to 5 GB');
    expect(ownerEventSentence(ownEvent({ action: 'adminAccount.sendPasswordReset' }), t, 'en')).toBe(
      'An admin sent you a password reset link',
    );
  });

  test('a takedown names the kind of item; an unknown admin action still reads', () => {
    const takenDown = ownEvent({
      action: 'item.taken_down',
      byAdmin: false,
      details: { itemKind: 'room', reason: 'x' },
    });
    expect(ownerEventSentence(takenDown, t, 'en')).toBe('Your room was taken down by the operator');
    const opened = ownEvent({ action: 'moderation.content', details: { itemKind: 'clip' } });
    expect(ownerEventSentence(opened, t, 'en')).toBe('An admin opened your reported shared clip');
    expect(ownerEventSentence(ownEvent({ action: 'adminInvitation.create' }), t, 'en')).toBe(
      'An admin changed your account',
    );
    expect(ownerEventSentence(ownEvent({ action: 'adminFuture.x' }), t, 'en')).toBe('An admin changed your account');
    expect(ownerEventSentence(ownEvent({ action: 'future.event', byAdmin: false }), t, 'en')).toBe(
      'Something changed on your account',
    );
  });
});
