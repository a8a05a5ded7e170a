/**
 * The API's one list: every call under `/api`, per area, with its path written here and nowhere else. The
 * server registers its routes from these entries and the web app sends its requests by them.
 */
export * from './auth.endpoints';
export * from './clips.endpoints';
export * from './rooms.endpoints';
export * from './desktop.endpoints';
export * from './network.endpoints';
export * from './tokens.endpoints';
export * from './device-sign-in.endpoints';
export * from './devices.endpoints';
export * from './device-sends.endpoints';
export * from './nearness.endpoints';
export * from './billing.endpoints';
export * from './ops.endpoints';
export * from './share-claims.endpoints';
export * from './admin-invitations.endpoints';
export * from './admin-accounts.endpoints';
export * from './moderation.endpoints';
export * from './audit.endpoints';
export * from './admin-users.endpoints';
export * from './admin-overview.endpoints';
export * from './sso.endpoints';
export * from './push.endpoints';
