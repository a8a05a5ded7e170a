import { join } from 'node:path';
import type { AppConfig } from '../config/env';
import type { FileStore } from './file-store';
import { createLocalDiskStore } from './local-disk';

/**
 * S3 when S3_BUCKET is set, else DATA_DIR/files. The AWS SDK is imported only then: the embedded default
 * (and its memory budget at rest) never loads it.
 */
export async function openFileStore(config: Pick<AppConfig, 'dataDir' | 's3'>): Promise<FileStore> {
  if (!config.s3) return createLocalDiskStore(join(config.dataDir, 'files'));
  const { createS3Store } = await import('./s3');
  return createS3Store(config.s3);
}
