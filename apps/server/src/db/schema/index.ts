export * from './users';
export * from './sessions';
export * from './email-tokens';
export * from './clips';
export * from './rooms';
export * from './desktops';
export * from './billing';
export * from './storage-usage';
