export * from './schema-walk';
