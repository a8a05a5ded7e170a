import { join } from 'node:path';
import type { AppConfig } from '../config/env';
import type { FileStore } from './file-store';
import { createLocalDiskStore } from './local-disk';
import { createS3Store } from './s3';

/**
 * S3 when S3_BUCKET is set, else DATA_DIR/files. createS3Store imports the AWS SDK when called, so the
 * embedded default (and its memory budget at rest) never loads it.
 */
export async function openFileStore(
  config: Pick<AppConfig, 'dataDir' | 's3'>,
  options: { sweepTemporary?: boolean } = {},
): Promise<FileStore> {
  return config.s3 ? createS3Store(config.s3) : createLocalDiskStore(join(config.dataDir, 'files'), options);
}
