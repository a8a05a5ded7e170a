import { PASSWORD_MIN_REGISTER, PASSWORD_MIN_RESET } from '@clipsync/shared/limits';

/** The forms' field rules; each returns an i18n key for the first broken rule, or null. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(email: string): string | null {
  if (!email.trim()) return 'auth.errors.emailRequired';
  return EMAIL_PATTERN.test(email.trim()) ? null : 'auth.errors.emailInvalid';
}

export function validateLogin(values: { email: string; password: string }) {
  return { email: validateEmail(values.email), password: values.password ? null : 'auth.errors.passwordRequired' };
}

export function validateRegister(values: { name: string; email: string; password: string; confirmPassword: string }) {
  return {
    name: values.name.trim() ? null : 'auth.errors.nameRequired',
    email: validateEmail(values.email),
    password: !values.password
      ? 'auth.errors.passwordRequired'
      : values.password.length < PASSWORD_MIN_REGISTER
        ? 'auth.errors.passwordTooShort'
        : null,
    confirmPassword: values.confirmPassword === values.password ? null : 'auth.errors.passwordsMismatch',
  };
}

export function validateReset(values: { password: string; confirmPassword: string }): string | null {
  if (values.password !== values.confirmPassword) return 'reset.errors.mismatch';
  if (values.password.length < PASSWORD_MIN_RESET) return 'reset.errors.tooShort';
  return null;
}

export const hasErrors = (errors: Record<string, string | null>) => Object.values(errors).some(Boolean);
