import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './env';

const SSO = { OIDC_ISSUER: 'https://id.example.com/', OIDC_CLIENT_ID: 'clipsync', OIDC_CLIENT_SECRET: 'secret' };

describe('OIDC_* settings', () => {
  test('unset: no SSO, as before', () => {
    expect(loadConfig({}).sso).toBeUndefined();
  });

  test('the issuer and client give the defaults the docs name', () => {
    expect(loadConfig(SSO).sso).toMatchObject({
      clientId: 'clipsync',
      scopes: 'openid email profile',
      isScopesExplicit: false,
      buttonText: 'Sign in with SSO',
      register: 'auto',
      isRegisterExplicit: false,
      only: false,
      adminGroup: undefined,
      groupsClaim: 'groups',
    });
    expect(loadConfig({ ...SSO, OIDC_REGISTER: 'AUTO', OIDC_ONLY: 'true' }).sso).toMatchObject({
      isRegisterExplicit: true,
      only: true,
    });
    expect(loadConfig({ ...SSO, OIDC_SCOPES: 'openid email profile' }).sso).toMatchObject({
      scopes: 'openid email profile',
      isScopesExplicit: true,
    });
  });

  test('half a set names what is missing', () => {
    expect(() => loadConfig({ OIDC_ISSUER: SSO.OIDC_ISSUER })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_ISSUER: SSO.OIDC_ISSUER })).toThrow(/also set OIDC_CLIENT_ID, OIDC_CLIENT_SECRET/);
  });

  test('a bad value is named', () => {
    expect(() => loadConfig({ ...SSO, OIDC_REGISTER: 'sometimes' })).toThrow(/OIDC_REGISTER: must be auto or off/);
    expect(() => loadConfig({ ...SSO, OIDC_ISSUER: 'ftp://id.example.com' })).toThrow(/OIDC_ISSUER/);
  });

  test('plain http is refused for a provider elsewhere, and allowed on this machine', () => {
    expect(() => loadConfig({ ...SSO, OIDC_ISSUER: 'http://id.example.com/' })).toThrow(
      /OIDC_ISSUER: must use https:\/\//,
    );
    for (const issuer of ['http://localhost:9000/', 'http://127.0.0.1:9000/', 'http://[::1]:9000/']) {
      expect(loadConfig({ ...SSO, OIDC_ISSUER: issuer }).sso?.issuer.href).toBe(issuer);
    }
  });
});
