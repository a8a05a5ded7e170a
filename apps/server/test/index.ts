/**
 * The server as other workspaces' tests use it (`@clipsync/server/testing`): a real app on a fresh
 * database, requests as a caller, the factories, and the few server operations a test cannot do over HTTP.
 * The server's own tests import the same files directly.
 */
export { as, type Caller } from './as';
export { buildTestApp, TEST_JWT_SECRET, type TestApp } from './build-test-app';
export { createTestFactory, type TestFactory, type TestToken, type TestUser } from './factories';
export { countClipsOf, expireDeviceSignIns, movePolledDeviceSignInsBack, runShareExpiry } from './server-operations';
