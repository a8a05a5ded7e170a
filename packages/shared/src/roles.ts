/** An admin runs the server for others; every account is a user or an admin (docs/admin.md). */
export const USER_ROLES = ['user', 'admin'] as const;
