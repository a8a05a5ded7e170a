declare module '../../lib/domain-events' {
  interface DomainEventMap {
    /** An account's e-mail address was proven (its confirmation link followed): invitations to it are accepted. */
    'account.confirmed': { userId: string; email: string };
    /** An admin disabled an account: what it shared answers as taken down until it is enabled again. */
    'account.disabled': { userId: string };
    /** An account was deleted, and everything it owned with it (its clips by the database's cascade). */
    'account.deleted': { userId: string };
  }
}

export {};
