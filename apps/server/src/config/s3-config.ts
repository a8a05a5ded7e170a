import { z } from 'zod';
import { ConfigError } from './config-error';

/** Where files live when `S3_BUCKET` is set (docs/configuration.md); unset, they stay in DATA_DIR/files. */
export interface S3Config {
  bucket: string;
  region: string;
  /** S3_ENDPOINT: an S3-compatible service (MinIO, Ceph, R2…) instead of AWS. */
  endpoint: string | undefined;
  /** `host/bucket/key` addresses rather than `bucket.host/key`: what most self-hosted services answer. */
  forcePathStyle: boolean;
  /** Undefined: the SDK's default credential chain (AWS_* variables, shared files, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const S3_DEFAULT_REGION = 'us-east-1';

/** The S3 variables; config/env.ts spreads `.shape` into its schema. */
export const S3EnvSchema = z.object({
  // S3's bucket naming rules, so a typo fails at start rather than on the first upload.
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3-63 lowercase letters, digits, dots or hyphens',
    )
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().trim().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
type S3Env = z.infer<typeof S3EnvSchema>;

const refuse = (problem: string): never => {
  throw new ConfigError(`Invalid configuration:\n  ${problem}`);
};

/**
 * The S3 settings, or undefined without S3_BUCKET. Any other S3_* variable without a bucket, or one half of
 * a key pair, is refused by name: a store quietly left on local disk would lose files across nodes.
 */
export function s3ConfigOf(env: S3Env): S3Config | undefined {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!bucket) {
    const stray = (Object.keys(S3EnvSchema.shape) as Array<keyof S3Env>).filter((name) => env[name] !== undefined);
    if (stray.length > 0)
      refuse(`${stray.join(', ')} given without S3_BUCKET; set S3_BUCKET to keep files in S3, or unset them`);
    return undefined;
  }
  if (accessKeyId === undefined && secretAccessKey !== undefined) {
    refuse("S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY (or unset both to use the SDK's default credentials)");
  }
  if (secretAccessKey === undefined && accessKeyId !== undefined) {
    refuse("S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID (or unset both to use the SDK's default credentials)");
  }
  return {
    bucket,
    region: env.S3_REGION ?? S3_DEFAULT_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}
