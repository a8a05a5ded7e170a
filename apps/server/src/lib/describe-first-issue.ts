/** What the message needs of a validation issue: zod's own, or one made from Fastify's `instancePath`. */
export interface FirstIssue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The one wording of a refused input, wherever it was checked (Fastify's schemas, a raw upload's headers, a
 * socket's payload): `Invalid <where>.<field>: <message>`, the first wrong field named from where it came
 * (`body.name`, `query.search`, `headers.x-file-name`, `payload.roomId`), so clients and docs/api.md can
 * rely on one shape.
 */
export function describeFirstIssue(where: string, issue: FirstIssue | undefined): string {
  if (!issue) return `Invalid ${where}`;
  return `Invalid ${[where, ...issue.path.map(String)].join('.')}: ${issue.message}`;
}
