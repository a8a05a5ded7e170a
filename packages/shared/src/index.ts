export * from './errors';
export * from './events';
export * from './limits';
export * from './plans';
export * from './schemas/health';
export * from './schemas/auth';
export * from './schemas/clips';
export * from './schemas/network';
